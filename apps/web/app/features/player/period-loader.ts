import { data, type RouterContextProvider } from 'react-router';
import { ResultCode } from '#contract/codes.ts';
import { chapterPage, courseSign, courseViewAuth } from '#contract/course-learn.ts';
import { ApiError } from '../../api/client.ts';
import { requireToken } from '../../lib/session.ts';
import { loadOrRefusal, pageLoad } from '../../lib/session-load.ts';
import { isId } from '#contract/call.ts';

interface Args {
  request: Request;
  params: { id?: string; periodId?: string };
  context: Readonly<RouterContextProvider>;
}

/**
 * The lesson page's data: the reader's course view, the lessons with their progress, and the lesson itself
 * (course/sign). A refusal of the lesson (not bought) is kept as the server's message for the page to show.
 */
export async function loadPeriod(args: Args) {
  requireToken(args.request);
  const { id = '', periodId = '' } = args.params;
  if (!isId(id) || !isId(periodId)) throw data(null, { status: 404 });
  const [course, chapters, signed] = await Promise.all([
    pageLoad(args, courseViewAuth, { courseId: id }),
    pageLoad(args, chapterPage, { courseId: id, pageCurrent: 1, pageSize: 100 }),
    loadOrRefusal(args, courseSign, { courseId: id, periodId }).then(
      (sign) => ({ sign, refusal: null }),
      (err: unknown) => {
        if (err instanceof ApiError && err.code === ResultCode.ERROR) return { sign: null, refusal: err.message };
        throw err;
      },
    ),
  ]);
  const period = chapters.list.flatMap((c) => c.periodList).find((p) => p.id === periodId);
  if (!period) throw data(null, { status: 404 });
  const t = Number(new URL(args.request.url).searchParams.get('t'));
  return { course, chapters: chapters.list, period, ...signed, at: Number.isFinite(t) && t > 0 ? Math.floor(t) : null };
}
