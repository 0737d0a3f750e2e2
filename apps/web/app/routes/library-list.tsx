import type { Route } from './+types/library-list.ts';
import { serverContext } from '../context.ts';
import { loadCatalogue } from '../features/course/catalogue.ts';
import { CataloguePage } from '../features/course/catalogue-page.tsx';
import { LIBRARY_KIND } from '../features/course/course-format.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCatalogue(context.get(serverContext).transport, new URL(request.url), LIBRARY_KIND.courseType);
}

/** /library — the library catalogue (courseType 4): documents read online. */
export default function LibraryListPage({ loaderData }: Route.ComponentProps) {
  return <CataloguePage kind={LIBRARY_KIND} {...loaderData} />;
}
