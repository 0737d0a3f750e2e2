import { data, type RouterContextProvider } from 'react-router';
import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { isId } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';

/**
 * A public page's call on the server: a business refusal (an unknown, hidden or malformed id) is a page that does
 * not exist, a 404, like the course and lecturer pages.
 */
export async function publicLoad<C extends CallDef>(
  context: Readonly<RouterContextProvider>,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C>> {
  try {
    return await callWith(context.get(serverContext).transport, call, body);
  } catch (err) {
    if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
    throw err;
  }
}

/** The :id of a page that needs one, or a 404. */
export function idOr404(id: string | undefined): string {
  if (!isId(id)) throw data(null, { status: 404 });
  return id;
}

/** The page number of a list's ?page= (1 when absent or unusable). */
export function pageOf(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
