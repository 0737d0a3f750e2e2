import { data } from 'react-router';
import { ResultCode } from '#contract/codes.ts';
import { isId } from '#contract/call.ts';
import { courseView } from '#contract/course.ts';
import { courseViewAuth } from '#contract/course-learn.ts';
import { ApiError, callWith } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { tokenOf } from '../lib/session.ts';
import type { DetailCourse } from '../features/course/course-detail.ts';
import type { LoaderArgsLike } from '../lib/session-load.ts';

function notFound(err: unknown): never {
  // an unknown, unpublished or malformed id is a page that does not exist
  if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
  throw err;
}

/**
 * The H5 course page's data: the reader's own view when signed in (so the buy or study button is right in the
 * first HTML), else the public one. The PC page's comments and related strips are left to the PC page.
 */
export async function loadH5Course({ request, context, params }: LoaderArgsLike & { params: { id?: string } }) {
  const { transport } = context.get(serverContext);
  const id = params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  if (tokenOf(request)) {
    try {
      return { course: (await callWith(transport, courseViewAuth, { courseId: id })) as DetailCourse, viewer: true };
    } catch (err) {
      // a dead session reads the public page (the root loader has already cleared the cookie)
      if (!(err instanceof ApiError && err.needsLogin)) notFound(err);
    }
  }
  const course: DetailCourse = await callWith(transport, courseView, { courseId: id }).catch(notFound);
  return { course, viewer: false };
}
