import { isId } from '#contract/call.ts';
import { errorCategoryList, errorPage, errorProblemView } from '#contract/exam-practice.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';
import { pageFromUrl } from '../account/page-query.ts';

/** Problems practised in one round of the wrong-answer book. */
export const PRACTICE_ROUND = 20;

function subjectOf(request: Request): string | undefined {
  const s = new URL(request.url).searchParams.get('subjectId') ?? '';
  return isId(s) ? s : undefined;
}

/** The wrong-answer book's page (`?subjectId=&page=`), on the PC site and H5: its subjects and one page of it. */
export async function loadErrorBook(args: LoaderArgsLike, pageSize: number) {
  const subjectId = subjectOf(args.request);
  const [subjects, page] = await Promise.all([
    pageLoad(args, errorCategoryList),
    pageLoad(args, errorPage, { pageCurrent: pageFromUrl(args.request), pageSize, subjectId }),
  ]);
  return { subjects, page, subjectId };
}

/** One round of practice (`?subjectId=`): each problem shown without its answer (errorProblemView). */
export async function loadPracticeRound(args: LoaderArgsLike) {
  const subjectId = subjectOf(args.request);
  const page = await pageLoad(args, errorPage, { pageCurrent: 1, pageSize: PRACTICE_ROUND, subjectId });
  const items = await Promise.all(page.list.map((e) => pageLoad(args, errorProblemView, { id: e.id })));
  return { items, total: page.totalCount, subjectId };
}
