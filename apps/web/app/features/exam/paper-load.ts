import { data, redirect, type RouterContextProvider } from 'react-router';
import { isId, type CallData } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { paperInfoView, paperUserView } from '#contract/exam-centre.ts';
import { answerView } from '#contract/exam-attempt.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { tokenOf } from '../../lib/session.ts';
import { pageLoad, requireUser, type LoaderArgsLike } from '../../lib/session-load.ts';

function notFound(err: unknown): never {
  if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
  throw err;
}

/**
 * A paper's page data, on the PC site and H5 alike: the reader's own view when signed in (start, continue or why
 * not), else the public one; a dead session reads the public page.
 */
export async function loadPaper({
  request,
  params,
  context,
}: {
  request: Request;
  params: { id?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const { transport } = context.get(serverContext);
  const id = params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  if (tokenOf(request)) {
    try {
      const own = await callWith(transport, paperUserView, { id });
      return { paper: own as CallData<typeof paperInfoView>, own };
    } catch (err) {
      if (!(err instanceof ApiError && err.needsLogin)) notFound(err);
    }
  }
  return { paper: await callWith(transport, paperInfoView, { id }).catch(notFound), own: null };
}

/**
 * The start page's data (`?id=`): the reader's own view of the paper. An address with no paper (a bookmark, a
 * typed URL) goes to `centre`, where papers are chosen.
 */
export async function loadStart(args: LoaderArgsLike, centre: string) {
  const id = new URL(args.request.url).searchParams.get('id') ?? '';
  if (!id) throw redirect(centre);
  await requireUser(args);
  if (!isId(id)) throw data(null, { status: 404 });
  return { paper: await pageLoad(args, paperUserView, { id }) };
}

/**
 * An attempt's page (`?recordId=`: answering, result, explanation): its id once the reader is known. An address
 * with no attempt goes to `records`, where every attempt is listed.
 */
export async function attemptIdOf(args: LoaderArgsLike, records: string): Promise<string> {
  const recordId = new URL(args.request.url).searchParams.get('recordId') ?? '';
  if (!recordId) throw redirect(records);
  await requireUser(args);
  if (!isId(recordId)) throw data(null, { status: 404 });
  return recordId;
}

/**
 * A finished attempt's result or explanation page: the answers with their scores, keys and analyses, and whether
 * `?only=wrong` keeps only the problems answered wrong.
 */
export async function loadAttemptResult(args: LoaderArgsLike, records: string) {
  const recordId = await attemptIdOf(args, records);
  return {
    result: await pageLoad(args, answerView, { recordId }),
    onlyWrong: new URL(args.request.url).searchParams.get('only') === 'wrong',
  };
}
