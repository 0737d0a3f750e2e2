import type { Route } from './+types/library-view.ts';
import { loadCourseDetail } from '../features/course/course-detail.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';
import { pack, unpack } from '../lib/packed.ts';
import { PackedText } from '../components/packed-text.tsx';

export async function loader(args: Route.LoaderArgs) {
  return pack(await loadCourseDetail(args), { script: 'qk-page-data' }, args.context);
}

/** /library/view/:id — a library's page: its documents, read in the lesson page. */
export default function LibraryViewPage({ loaderData }: Route.ComponentProps) {
  const detail = unpack(loaderData);
  return (
    <>
      <CourseDetailPage key={detail.course.id} {...detail} />
      <PackedText of={loaderData} />
    </>
  );
}
