import type { Route } from './+types/course-view.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCourseDetail(args);
}

/** /view/:id — a video course's page. */
export default function CourseViewPage({ loaderData }: Route.ComponentProps) {
  return <CourseDetailPage key={loaderData.course.id} {...loaderData} />;
}
