import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { api, showFailure } from '../../api/client.ts';
import { sessionLost } from '../../lib/session.ts';
import { useMinLoading, useOneAtATime } from '../../lib/min-loading.ts';

/**
 * Runs one admin call from the browser: tracks pending and keeps the server's message for an inline alert. The
 * toast and the way back to the admin login page for an expired session are the response handler's (api/handler.ts).
 */
export function useAdminAction() {
  const { message } = App.useApp();
  // spec §9: spinners of fast calls do not flicker; a second click while a call is in flight sends nothing
  const { busy, pending, start, end } = useOneAtATime();
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(fn: () => Promise<T>, success?: string): Promise<T | undefined> => {
      if (!start()) return undefined;
      setError(null);
      try {
        const data = await fn();
        // Spec §8: the same text is shown once, so the toast is keyed by its text.
        if (success) message.success({ content: success, key: success });
        return data;
      } catch (err) {
        if (sessionLost(err)) return undefined;
        // kept for the form's alert as well as the handler's toast
        setError(err instanceof Error && err.message ? err.message : '操作失败，请稍后再试');
        showFailure(err, '操作失败，请稍后再试');
        return undefined;
      } finally {
        end();
      }
    },
    [message, start, end],
  );

  return { run, pending, busy, error, setError };
}

/** One admin call from a row's button or switch, then the page's data reloaded so the table shows the result. */
export function useAdminCall() {
  const { run, pending } = useAdminAction();
  const revalidator = useRevalidator();
  const call = useCallback(
    async <C extends CallDef>(def: C, body: CallBody<C>, success: string): Promise<CallData<C> | undefined> => {
      const data = await run(() => api(def, body), success);
      if (data !== undefined) await revalidator.revalidate();
      return data;
    },
    [run, revalidator],
  );
  const loading = useMinLoading(revalidator.state === 'loading');
  return { call, pending, loading };
}
