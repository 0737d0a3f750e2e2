import { recordList, userExamList } from '#contract/exam-attempt.ts';
import { collectionList } from '#contract/exam-practice.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';
import { pageFromUrl } from '../account/page-query.ts';

/**
 * A learner's papers and attempts, read the same way by the PC account pages and their H5 twins: the page from
 * `?page=`, the filter from the query, a size of the page's choosing.
 */

/** 考试记录's filter (`?status=`): the attempt's state, '' for all of them. */
export const RECORD_STATUS_TABS = [
  { value: '', label: '全部' },
  { value: '1', label: '考试中' },
  { value: '2', label: '待批阅' },
  { value: '3', label: '已完成' },
] as const;
export type RecordStatusTab = (typeof RECORD_STATUS_TABS)[number]['value'];

/** 考试记录: every attempt of the learner's, the latest first; an unknown `?status=` shows them all. */
export async function loadMyExaminations(args: LoaderArgsLike, pageSize: number) {
  const asked = new URL(args.request.url).searchParams.get('status') ?? '';
  const status: RecordStatusTab = RECORD_STATUS_TABS.find((t) => t.value === asked)?.value ?? '';
  return {
    status,
    page: await pageLoad(args, recordList, {
      pageCurrent: pageFromUrl(args.request),
      pageSize,
      status: status ? Number(status) : undefined,
    }),
  };
}

/** 我的试卷's tabs (`?tab=`): the papers taken, and those collected. */
export const MY_EXAM_TABS = [
  { value: 'taken', label: '考过的试卷' },
  { value: 'collect', label: '收藏的试卷' },
] as const;
export type MyExamTab = (typeof MY_EXAM_TABS)[number]['value'];

/** 我的试卷: one page of the tab shown (attempts, best score and the last one; or the collected papers). */
export async function loadMyExams(args: LoaderArgsLike, pageSize: number) {
  const tab: MyExamTab = new URL(args.request.url).searchParams.get('tab') === 'collect' ? 'collect' : 'taken';
  const q = { pageCurrent: pageFromUrl(args.request), pageSize };
  if (tab === 'collect') return { tab, collected: await pageLoad(args, collectionList, q), taken: null };
  return { tab, taken: await pageLoad(args, userExamList, q), collected: null };
}
