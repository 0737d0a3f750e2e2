import { redirect } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { adminLoginUrl } from '../../lib/login-url.ts';
import { pagePathOf } from '../../lib/session.ts';

interface LoaderArgsLike {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export { adminLoginUrl };

/** Only same-site paths may follow a login, so the redirect parameter cannot send an admin elsewhere. */
export function safeAdminTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/admin';
  return raw;
}

/**
 * Runs an admin call from a loader through the in-process transport (the page request's cookies travel with it).
 * A session problem (codes 300–400) becomes a redirect to the admin login page.
 */
export async function adminLoad<C extends CallDef>(
  args: LoaderArgsLike,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C>> {
  try {
    return await callWith(args.context.get(serverContext).transport, call, body);
  } catch (err) {
    if (err instanceof ApiError && err.needsLogin) {
      throw redirect(adminLoginUrl(pagePathOf(args.request)));
    }
    throw err;
  }
}
