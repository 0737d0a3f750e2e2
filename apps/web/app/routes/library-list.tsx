import type { Route } from './+types/library-list.ts';
import { loadCatalogue } from '../features/course/catalogue.ts';
import { CataloguePage } from '../features/course/catalogue-page.tsx';
import { LIBRARY_KIND } from '../features/course/course-format.ts';

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogue(args, LIBRARY_KIND.courseType);
}

/** /library — the library catalogue (courseType 4): documents read online. */
export default function LibraryListPage({ loaderData }: Route.ComponentProps) {
  return <CataloguePage kind={LIBRARY_KIND} {...loaderData} />;
}
