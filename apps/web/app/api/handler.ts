import type { CallDef } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { adminLoginUrl, loginUrl } from '../lib/login-url.ts';
import { showError } from '../lib/toast.ts';
import type { ApiError } from './client.ts';

/**
 * The one response handler of every call made from the browser (spec §8). Loaders rendering on the server do
 * not come here: they dispatch in-process and decide with `requireUser`/`pageLoad` (lib/session-load.ts).
 */
export interface CallOptions {
  /** false: a refusal is not shown as a toast (the page shows it inline); a lost session is still handled. */
  toast?: boolean;
  /** false: no handling at all, the page decides everything. */
  handle?: boolean;
  /** A user-specific detail call (user info, unread count): a lost session is cleared and the call resolves. */
  userDetail?: boolean;
}

/** What the handler did: nothing, a toast (unless claimed), the login page, or the session cleared. */
export type Handled = 'none' | 'toast' | 'login' | 'session-cleared';

export interface HandlerEffects {
  toast(text: string): void;
  go(url: string): void;
  reload(): void;
  /** The page to come back to after signing in. */
  here(): string;
  /** Runs after the caller's own catch (a macrotask), so a page can claim the message first. */
  later(fn: () => void): void;
}

const browserEffects: HandlerEffects = {
  toast: showError,
  go: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
  here: () => window.location.pathname + window.location.search,
  later: (fn) => void setTimeout(fn, 0),
};

let effects = browserEffects;
/** Set once a login redirect or session reload started: the other calls failing with it change nothing more. */
let leaving = false;

/** Tests replace the browser's effects (and start afresh). */
export function setHandlerEffects(next: HandlerEffects | null): void {
  effects = next ?? browserEffects;
  leaving = false;
}

export function handleRefusal(err: ApiError, call: CallDef, opts: CallOptions = {}): Handled {
  err.handled = decide(err, call, opts);
  return err.handled;
}

function decide(err: ApiError, call: CallDef, opts: CallOptions): Handled {
  if (opts.handle === false) return 'none';
  if (err.needsLogin) {
    if (opts.userDetail) {
      // The cookie is HttpOnly: reloading lets the loaders clear it and say why (304: logged in elsewhere),
      // while this call resolves with nothing.
      if (!leaving) effects.reload();
      leaving = true;
      return 'session-cleared';
    }
    if (!leaving) {
      const here = effects.here();
      effects.go(
        call.access === 'admin'
          ? adminLoginUrl(here)
          : loginUrl(here, err.code === ResultCode.LOGGED_IN_ELSEWHERE ? 'elsewhere' : undefined),
      );
    }
    leaving = true;
    return 'login';
  }
  if (opts.toast === false) return 'none';
  effects.later(() => {
    if (!err.claimed && !leaving) effects.toast(err.message);
  });
  return 'toast';
}
