import { redirect } from 'react-router';
import { userCourseList } from '#contract/course-learn.ts';
import { feedbackPage } from '#contract/feedback.ts';
import { attentionList } from '#contract/lecturer.ts';
import { msgUserList } from '#contract/message.ts';
import { orderList } from '#contract/order.ts';
import { noteLogPage, studyRecordPage } from '#contract/study.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';
import { resultPath } from '../order/order-format.ts';
import { pageFromUrl } from './page-query.ts';

/**
 * The learner's own lists, read the same way by the PC account pages and their H5 twins: the page from `?page=`,
 * the filter from the query, a size of the page's choosing.
 */
const queryOf = (request: Request) => new URL(request.url).searchParams;

/** 我的课程, filtered by `?type=` (1 video, 3 resources, 4 libraries). */
export async function loadMyCourses(args: LoaderArgsLike, pageSize: number) {
  const type = Number(queryOf(args.request).get('type'));
  const courseType = [1, 3, 4].includes(type) ? type : undefined;
  return {
    page: await pageLoad(args, userCourseList, { pageCurrent: pageFromUrl(args.request), pageSize, courseType }),
  };
}

/** The tabs of 我的订单 (`?status=`): 全部 leaves closed orders out (the call's orderStatus 0). */
export const ORDER_TABS = [
  { value: '0', label: '全部' },
  { value: '1', label: '待支付' },
  { value: '2', label: '已支付' },
  { value: '4', label: '已关闭' },
  { value: '5', label: '已退款' },
];

/**
 * 我的订单 by `?status=`. The gateways send the buyer back to the orders page with the order's number
 * (`?orderNo=`): its result page (`resultOf`) waits for the payment.
 */
export async function loadMyOrders(
  args: LoaderArgsLike,
  pageSize: number,
  resultOf: (orderNo: string) => string = resultPath,
) {
  const q = queryOf(args.request);
  const back = q.get('orderNo');
  if (back) throw redirect(resultOf(back));
  const s = q.get('status');
  const orderStatus = (ORDER_TABS.some((t) => t.value === s) ? Number(s) : 0) as 0 | 1 | 2 | 4 | 5;
  return { page: await pageLoad(args, orderList, { pageCurrent: pageFromUrl(args.request), pageSize, orderStatus }) };
}

/** 学习记录: the lessons studied most recently. */
export async function loadStudyRecords(args: LoaderArgsLike, pageSize: number) {
  return { page: await pageLoad(args, studyRecordPage, { pageCurrent: pageFromUrl(args.request), pageSize }) };
}

/** 我的笔记. */
export async function loadMyNotes(args: LoaderArgsLike, pageSize: number) {
  return { page: await pageLoad(args, noteLogPage, { pageCurrent: pageFromUrl(args.request), pageSize }) };
}

/** 我的反馈, with the platform's replies. */
export async function loadMyFeedback(args: LoaderArgsLike, pageSize: number) {
  return { page: await pageLoad(args, feedbackPage, { pageCurrent: pageFromUrl(args.request), pageSize }) };
}

/** 我的消息, `?isRead=0|1` to filter. */
export async function loadMyMessages(args: LoaderArgsLike, pageSize: number) {
  const isRead = queryOf(args.request).get('isRead');
  return {
    page: await pageLoad(args, msgUserList, {
      pageCurrent: pageFromUrl(args.request),
      pageSize,
      isRead: isRead === '0' || isRead === '1' ? Number(isRead) : undefined,
    }),
  };
}

/** 我的关注: the lecturers I follow, the latest followed first. */
export async function loadMyAttention(args: LoaderArgsLike, pageSize: number) {
  return { page: await pageLoad(args, attentionList, { pageCurrent: pageFromUrl(args.request), pageSize }) };
}
