import { redirect, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { extView, LECTURER_ONLY_MSG, UserType } from '#contract/user.ts';
import { ApiError, callWith, type Transport } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { refusalOfError, refusalResponse } from './page-refusal.ts';
import { CLEAR_TOKEN_COOKIE, loginUrl, pagePathOf, tokenOf, type SessionNotice, type SessionUser } from './session.ts';

export interface SessionState {
  user: SessionUser | null;
  notice: SessionNotice | null;
  /** The token was refused: the response must clear the cookie. */
  refused: boolean;
}

/**
 * Spec §4: with a token, the user info is fetched on load. 304 means the account logged in elsewhere (the page
 * says so); any refusal signs this browser out. Without a token nothing is asked.
 */
export async function loadSession(request: Request, transport: Transport): Promise<SessionState> {
  if (!tokenOf(request)) return { user: null, notice: null, refused: false };
  try {
    return { user: await callWith(transport, extView), notice: null, refused: false };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { user: null, notice: err.code === ResultCode.LOGGED_IN_ELSEWHERE ? 'elsewhere' : null, refused: true };
  }
}

/**
 * Spec §4 on a client navigation. The root loader, and with it the session check, runs on a page's first load
 * only (root.tsx shouldRevalidate), so moving to a page whose loaders ask nothing of the session (the course list,
 * the exam centre) left a session ended elsewhere unsaid, the header still signed in. A navigation's data request
 * (`.data`) from a browser holding a token asks once; a refused session loads the page afresh, where the root
 * loader says why (您的账号已在其他地方登录) and forgets the token. Document requests are the root loader's.
 */
export const sessionOnNavigation: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('.data') || !tokenOf(request)) return;
  const s = await loadSession(request, context.get(serverContext).transport);
  if (s.refused) throw redirectDocument(pagePathOf(request));
};

/** What a loader's helpers need of its arguments. */
export interface LoaderArgsLike {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

function toLogin(request: Request, notice: SessionNotice | null, clear: boolean): Response {
  return redirect(
    loginUrl(pagePathOf(request), notice ?? undefined),
    clear ? { headers: { 'Set-Cookie': CLEAR_TOKEN_COOKIE } } : undefined,
  );
}

/** For pages that need a session: the user, or a redirect to the login page (spec §4, codes 300–400 and 999). */
export async function requireUser({ request, context }: LoaderArgsLike): Promise<SessionUser> {
  if (!tokenOf(request)) throw toLogin(request, null, false);
  const s = await loadSession(request, context.get(serverContext).transport);
  if (!s.user) throw toLogin(request, s.notice, true);
  return s.user;
}

/**
 * For a lecturer's page whose loader asks nothing that only a lecturer may (a blank form): anyone else gets the
 * lecturers-only page the server's refusal would give (decision 34), not a form that fails when sent.
 */
export async function requireLecturer(args: LoaderArgsLike): Promise<SessionUser> {
  const user = await requireUser(args);
  if (user.userType !== UserType.LECTURER) throw refusalResponse({ refusal: 'lecturerOnly', msg: LECTURER_ONLY_MSG });
  return user;
}

/**
 * A loader's call whose page explains a refusal itself (a lesson not bought, shown beside the outline): a session
 * refusal (300–400) becomes the login redirect (saying so for 304); any other refusal is thrown on as the ApiError.
 */
export async function loadOrRefusal<C extends CallDef>(
  args: LoaderArgsLike,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C>> {
  try {
    return await callWith(args.context.get(serverContext).transport, call, body);
  } catch (err) {
    if (err instanceof ApiError && err.needsLogin) {
      throw toLogin(args.request, err.code === ResultCode.LOGGED_IN_ELSEWHERE ? 'elsewhere' : null, true);
    }
    throw err;
  }
}

/**
 * Every loader's call to the API. A session refusal goes to the login page; a business refusal (999: a missing
 * exercise, a lecturers-only page) renders the page's error boundary with the server's message and a 403 or 404
 * status (lib/page-refusal.ts) instead of a 500 with a logged stack.
 */
export async function pageLoad<C extends CallDef>(
  args: LoaderArgsLike,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C>> {
  try {
    return await loadOrRefusal(args, call, body);
  } catch (err) {
    if (err instanceof ApiError && err.refused) throw refusalResponse(refusalOfError(err));
    throw err;
  }
}

/** A page-or-null helper: a 999 refusal (e.g. "not a lecturer yet") becomes null for the page to explain. */
export async function pageLoadOrNull<C extends CallDef>(
  args: LoaderArgsLike,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C> | null> {
  try {
    return await loadOrRefusal(args, call, body);
  } catch (err) {
    if (err instanceof ApiError && err.code === ResultCode.ERROR && err.refused) return null;
    throw err;
  }
}
