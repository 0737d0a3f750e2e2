import type { Route } from './+types/course-list.ts';
import { loadCatalogue } from '../features/course/catalogue.ts';
import { VIDEO_KIND } from '../features/course/course-format.ts';
import { H5_PAGE_SIZE, H5Catalogue } from './catalogue.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogue(args, VIDEO_KIND.courseType, H5_PAGE_SIZE);
}

/** /h5/list — the video course catalogue: categories as two rows of chips, then an endless list. */
export default function H5CourseList({ loaderData }: Route.ComponentProps) {
  return <H5Catalogue kind={VIDEO_KIND} {...loaderData} />;
}
