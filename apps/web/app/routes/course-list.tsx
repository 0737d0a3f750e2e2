import type { Route } from './+types/course-list.ts';
import { loadCatalogue } from '../features/course/catalogue.ts';
import { CataloguePage } from '../features/course/catalogue-page.tsx';
import { VIDEO_KIND } from '../features/course/course-format.ts';

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogue(args, VIDEO_KIND.courseType);
}

/** /list — the video course catalogue: category tree, free or paid, sort, pages. */
export default function CourseListPage({ loaderData }: Route.ComponentProps) {
  return <CataloguePage kind={VIDEO_KIND} {...loaderData} />;
}
