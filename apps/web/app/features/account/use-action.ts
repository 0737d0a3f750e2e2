import { useCallback, useState } from 'react';
import { inlineMessage, showFailure } from '../../api/client.ts';
import { sessionLost } from '../../lib/session.ts';
import { showSuccess } from '../../lib/toast.ts';
import { useOneAtATime } from '../../lib/min-loading.ts';

export interface RunOptions {
  /** Shown as a toast when the call succeeds. */
  success?: string;
  /** Show a refusal as a toast (list actions) rather than keeping it for the form's inline alert. */
  toast?: boolean;
}

/**
 * Runs one call of a signed-in person's page: tracks pending and keeps the server's 999 message for the form to
 * show beside its button (the response handler's toast claimed), or leaves it to the handler's toast. A lost
 * session is the handler's too: it goes to the login page.
 */
export function useAction() {
  // spec §9: spinners of fast calls do not flicker; a second click while a call is in flight sends nothing
  const { busy, pending, start, end } = useOneAtATime();
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(fn: () => Promise<T>, opts: RunOptions = {}): Promise<T | undefined> => {
      if (!start()) return undefined;
      setError(null);
      try {
        const result = await fn();
        if (opts.success) showSuccess(opts.success);
        return result;
      } catch (err) {
        if (sessionLost(err)) return undefined;
        if (opts.toast) showFailure(err, '操作失败，请稍后再试');
        else setError(inlineMessage(err, '操作失败，请稍后再试'));
        return undefined;
      } finally {
        end();
      }
    },
    [start, end],
  );

  return { run, pending, busy, error, setError };
}
