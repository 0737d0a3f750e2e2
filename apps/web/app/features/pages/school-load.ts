import type { RouterContextProvider } from 'react-router';
import { schoolCoursePage, schoolProfileView } from '#contract/organisation.ts';
import { idOr404, pageOf, publicLoad } from './public-load.ts';

/**
 * An organisation's school page, for /schoolProfile/:id and its H5 twin: the school, and one page (`?page=`) of
 * its lecturers' courses.
 */
export async function loadSchoolProfile(
  args: { params: { id?: string }; request: Request; context: Readonly<RouterContextProvider> },
  pageSize: number,
) {
  const id = idOr404(args.params.id);
  const [school, courses] = await Promise.all([
    publicLoad(args.context, schoolProfileView, { id }),
    publicLoad(args.context, schoolCoursePage, { id, pageCurrent: pageOf(args.request), pageSize }),
  ]);
  return { school, courses };
}
