import type { Route } from './+types/course-view.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';
import { pack, unpack } from '../lib/packed.ts';

export async function loader(args: Route.LoaderArgs) {
  return pack(await loadCourseDetail(args));
}

/** /view/:id — a video course's page. */
export default function CourseViewPage({ loaderData }: Route.ComponentProps) {
  const detail = unpack(loaderData);
  return <CourseDetailPage key={detail.course.id} {...detail} />;
}
