import type { Route } from './+types/resource-list.ts';
import { loadCatalogue } from '../features/course/catalogue.ts';
import { CataloguePage } from '../features/course/catalogue-page.tsx';
import { RESOURCE_KIND } from '../features/course/course-format.ts';

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogue(args, RESOURCE_KIND.courseType);
}

/** /resource — the resource catalogue (courseType 3): files to download. */
export default function ResourceListPage({ loaderData }: Route.ComponentProps) {
  return <CataloguePage kind={RESOURCE_KIND} {...loaderData} />;
}
