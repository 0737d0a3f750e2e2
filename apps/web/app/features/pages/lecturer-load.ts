import type { RouterContextProvider } from 'react-router';
import { courseRefList } from '#contract/course.ts';
import { lecturerPublicView } from '#contract/lecturer.ts';
import { idOr404, pageOf, publicLoad } from './public-load.ts';

/**
 * A lecturer's page, PC and H5: the profile (by the lecturer's id or user id; an unknown, unlisted or malformed one
 * is a page that does not exist) and a page of the lecturer's courses on sale.
 */
export async function loadLecturer(
  context: Readonly<RouterContextProvider>,
  id: string | undefined,
  request: Request,
  pageSize: number,
) {
  const lecturer = await publicLoad(context, lecturerPublicView, { id: idOr404(id) });
  const courses = await publicLoad(context, courseRefList, {
    lecturerUserId: lecturer.userId,
    pageCurrent: pageOf(request),
    pageSize,
  });
  return { lecturer, courses };
}
