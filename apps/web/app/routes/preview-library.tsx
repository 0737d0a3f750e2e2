import type { Route } from './+types/preview-library.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCourseDetail(args, true);
}

/**
 * /preview/library/:id — the published library, read-only, as the studio's preview. Until the lecturer studio
 * arrives it shows the published version only; the studio will point it at the draft under review.
 */
export default function PreviewLibraryPage({ loaderData }: Route.ComponentProps) {
  return <CourseDetailPage key={loaderData.course.id} {...loaderData} preview />;
}
