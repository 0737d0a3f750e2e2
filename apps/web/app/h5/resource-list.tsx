import type { Route } from './+types/resource-list.ts';
import { loadCatalogue } from '../features/course/catalogue.ts';
import { RESOURCE_KIND } from '../features/course/course-format.ts';
import { H5_PAGE_SIZE, H5Catalogue } from './catalogue.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogue(args, RESOURCE_KIND.courseType, H5_PAGE_SIZE);
}

/** /h5/resource — the resource catalogue (courseType 3): files to download, as the video catalogue. */
export default function H5ResourceList({ loaderData }: Route.ComponentProps) {
  return <H5Catalogue kind={RESOURCE_KIND} {...loaderData} />;
}
