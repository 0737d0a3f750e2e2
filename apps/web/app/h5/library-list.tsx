import type { Route } from './+types/library-list.ts';
import { loadCatalogue } from '../features/course/catalogue.ts';
import { LIBRARY_KIND } from '../features/course/course-format.ts';
import { H5_PAGE_SIZE, H5Catalogue } from './catalogue.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogue(args, LIBRARY_KIND.courseType, H5_PAGE_SIZE);
}

/** /h5/library — the library catalogue (courseType 4): documents to read, as the video catalogue. */
export default function H5LibraryList({ loaderData }: Route.ComponentProps) {
  return <H5Catalogue kind={LIBRARY_KIND} {...loaderData} />;
}
