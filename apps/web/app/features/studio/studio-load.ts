import { data, redirect, type RouterContextProvider } from 'react-router';
import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { CLEAR_TOKEN_COOKIE, loginUrl, pagePathOf } from '../../lib/session.ts';

interface LoaderArgsLike {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** What a studio page shows instead of itself: not a lecturer (306), or the server's refusal (a missing draft). */
export interface StudioRefusal {
  studio: 'notLecturer' | 'refused';
  msg: string;
}

/**
 * A studio loader's call. 306 (not a lecturer) is a page of its own rather than the login page the other 300–400
 * codes lead to; a 999 (e.g. another lecturer's draft, answered as missing) is shown with a way back.
 */
export async function studioLoad<C extends CallDef>(
  args: LoaderArgsLike,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C>> {
  try {
    return await callWith(args.context.get(serverContext).transport, call, body);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === ResultCode.NO_PERMISSION)
      throw data<StudioRefusal>({ studio: 'notLecturer', msg: err.message }, { status: 403 });
    if (err.needsLogin) {
      const notice = err.code === ResultCode.LOGGED_IN_ELSEWHERE ? 'elsewhere' : undefined;
      throw redirect(loginUrl(pagePathOf(args.request), notice), { headers: { 'Set-Cookie': CLEAR_TOKEN_COOKIE } });
    }
    throw data<StudioRefusal>({ studio: 'refused', msg: err.message }, { status: 404 });
  }
}

/** A page whose address names no draft. */
export function missingDraft(): never {
  throw data<StudioRefusal>({ studio: 'refused', msg: '课程不存在或已删除' }, { status: 404 });
}
