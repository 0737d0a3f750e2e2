import type { Route } from './+types/library-view.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCourseDetail(args);
}

/** /library/view/:id — a library's page: its documents, read in the lesson page. */
export default function LibraryViewPage({ loaderData }: Route.ComponentProps) {
  return <CourseDetailPage key={loaderData.course.id} {...loaderData} />;
}
