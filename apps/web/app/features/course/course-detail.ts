import { data, redirect } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import { ResultCode } from '#contract/codes.ts';
import { courseRecommend, courseRefList, courseView, type TCourseView } from '#contract/course.ts';
import {
  courseCommentList,
  courseCommentListPublic,
  courseViewAuth,
  type TCourseViewAuth,
} from '#contract/course-learn.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { tokenOf } from '../../lib/session.ts';
import { kindOf } from './course-format.ts';
import { isId } from '#contract/call.ts';

export const COMMENT_PAGE_SIZE = 10;

/** What the page knows about the reader's own relation to the course; guests get the public values. */
export type DetailCourse = TCourseView &
  Partial<Pick<TCourseViewAuth, 'isCollect' | 'expireTime' | 'studyPercent' | 'lastPeriodId'>>;

interface Args {
  request: Request;
  params: { id?: string };
  context: Readonly<RouterContextProvider>;
}

function notFound(err: unknown): never {
  // an unknown, unpublished or malformed id is a page that does not exist
  if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
  throw err;
}

/**
 * The course page's data, all in-process: the course (the reader's own view when signed in, so the start or buy
 * button is right in the first HTML), comments, related courses and the lecturer's other courses.
 * `preview` pages show any kind at their own address; the others send a course of another kind to its page.
 */
export async function loadCourseDetail({ request, params, context }: Args, preview = false) {
  const { transport } = context.get(serverContext);
  const id = params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  const signedIn = Boolean(tokenOf(request));

  const commentsAs = (reader: boolean) =>
    callWith(transport, reader ? courseCommentList : courseCommentListPublic, {
      courseId: id,
      pageCurrent: 1,
      pageSize: COMMENT_PAGE_SIZE,
    });
  let course: DetailCourse | undefined;
  let viewer = false;
  // the comments need only the id: asked for beside the course, as the reader the session says (or as a guest)
  let comments = commentsAs(signedIn);
  comments.catch(() => undefined); // awaited below, or replaced when the session turns out dead
  if (signedIn) {
    try {
      course = await callWith(transport, courseViewAuth, { courseId: id });
      viewer = true;
    } catch (err) {
      // a dead session reads the public page (the root loader has already cleared the cookie)
      if (!(err instanceof ApiError && err.needsLogin)) notFound(err);
      comments = commentsAs(false);
    }
  }
  course ??= await callWith(transport, courseView, { courseId: id }).catch(notFound);
  const own = kindOf(course.courseType).detailPath(course.id);
  if (!preview && new URL(request.url).pathname.replace(/\.data$/, '') !== own) throw redirect(own, 301);

  const [related, byLecturer] = await Promise.all([
    callWith(transport, courseRecommend, { courseId: id, courseType: course.courseType as 1 | 2 | 3 | 4, limit: 4 }),
    course.lecturerUserId
      ? callWith(transport, courseRefList, { lecturerUserId: course.lecturerUserId, pageCurrent: 1, pageSize: 5 })
      : Promise.resolve(null),
  ]);
  return {
    course,
    viewer,
    comments: await comments,
    related: related.filter((c) => c.id !== course.id),
    byLecturer: (byLecturer?.list ?? []).filter((c) => c.id !== course.id).slice(0, 4),
  };
}
