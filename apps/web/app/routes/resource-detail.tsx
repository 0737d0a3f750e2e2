import type { Route } from './+types/resource-detail.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCourseDetail(args);
}

/** /resource/detail/:id — a resource's page: what it holds and its downloads. */
export default function ResourceDetailPage({ loaderData }: Route.ComponentProps) {
  return <CourseDetailPage key={loaderData.course.id} {...loaderData} />;
}
