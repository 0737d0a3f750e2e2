import type { Route } from './+types/library-view.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';
import { pack, unpack } from '../lib/packed.ts';

export async function loader(args: Route.LoaderArgs) {
  return pack(await loadCourseDetail(args));
}

/** /library/view/:id — a library's page: its documents, read in the lesson page. */
export default function LibraryViewPage({ loaderData }: Route.ComponentProps) {
  const detail = unpack(loaderData);
  return <CourseDetailPage key={detail.course.id} {...detail} />;
}
