import type { Route } from './+types/preview-resource.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCourseDetail(args, true);
}

/**
 * /preview/resource/:id — the published resource, read-only, as the studio's preview. Until the lecturer studio
 * arrives it shows the published version only; the studio will point it at the draft under review.
 */
export default function PreviewResourcePage({ loaderData }: Route.ComponentProps) {
  return <CourseDetailPage key={loaderData.course.id} {...loaderData} preview />;
}
