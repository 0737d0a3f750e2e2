import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import {
  labelList,
  myAnswerList,
  myQuestionList,
  questionCommentList,
  questionList,
  questionView,
  questionViewMine,
  QuestionSort,
} from '#contract/community-question.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { pageLoad, requireUser, type LoaderArgsLike } from '../../lib/session-load.ts';
import { pageFromUrl } from '../account/page-query.ts';

/** Answers shown with the question; more are paged in below. */
export const ANSWERS_PAGE = 20;

/** The /question list's address: `?labelNo=…&sort=hot&page=2`; anything unreadable is the default. */
export function listQueryOf(request: Request) {
  const p = new URL(request.url).searchParams;
  const labelNo = isId(p.get('labelNo') ?? '') ? p.get('labelNo')! : '';
  const sorted = QuestionSort.safeParse(p.get('sort'));
  const n = Number(p.get('page'));
  const pageCurrent = Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  return { labelNo, sort: sorted.success ? sorted.data : ('latest' as const), pageCurrent };
}

export async function loadQuestionList(args: LoaderArgsLike, pageSize: number) {
  const { transport } = args.context.get(serverContext);
  const query = listQueryOf(args.request);
  const [labels, page] = await Promise.all([
    callWith(transport, labelList, { labelType: 2 }),
    callWith(transport, questionList, { ...query, pageSize }),
  ]);
  return { labels, page, query };
}

/** The question and its first answers; a missing, hidden or malformed one is a page that does not exist. */
export async function loadQuestion(args: LoaderArgsLike, id: string | undefined) {
  if (!id || !isId(id)) throw data(null, { status: 404 });
  const { transport } = args.context.get(serverContext);
  try {
    const [question, answers] = await Promise.all([
      callWith(transport, questionView, { id }),
      callWith(transport, questionCommentList, { questionId: id, pageSize: ANSWERS_PAGE }),
    ]);
    return { question, answers };
  } catch (err) {
    if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
    throw err;
  }
}

export const SORTS = [
  { key: 'latest', label: '最新' },
  { key: 'hot', label: '热门' },
  { key: 'unanswered', label: '待回答' },
] as const;

/** 我的问答: my questions, or my answers with `?tab=answers`, read the same way by the PC page and its H5 twin. */
export async function loadMyQues(args: LoaderArgsLike, pageSize: number) {
  const tab = new URL(args.request.url).searchParams.get('tab') === 'answers' ? 'answers' : 'questions';
  const q = { pageCurrent: pageFromUrl(args.request), pageSize };
  return tab === 'answers'
    ? { tab, questions: null, answers: await pageLoad(args, myAnswerList, q) }
    : { tab, questions: await pageLoad(args, myQuestionList, q), answers: null };
}

/**
 * Asking or editing (`?id=`) a question, for /question/account/write and its H5 twin: the labels to choose from,
 * and the question when it is the reader's own; anyone else's, or a malformed id, is a page that does not exist.
 */
export async function loadQuestionToWrite(args: LoaderArgsLike) {
  await requireUser(args);
  const id = new URL(args.request.url).searchParams.get('id');
  const labels = await pageLoad(args, labelList, { labelType: 2 });
  if (!id) return { labels, editing: null };
  if (!isId(id)) throw data(null, { status: 404 });
  const mine = await pageLoad(args, questionViewMine, { id });
  if (!mine.isAsker) throw data(null, { status: 404 });
  return { labels, editing: mine.question };
}
