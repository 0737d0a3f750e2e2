import type { Route } from './+types/course-period.ts';
import { loadPeriod } from '../features/player/period-loader.ts';
import { PeriodPage } from '../features/player/period-page.tsx';

export function loader(args: Route.LoaderArgs) {
  return loadPeriod(args);
}

/** /view/:id/period/:periodId — studying one lesson: the video or document, lessons, notes (decision 0015). */
export default function CoursePeriodPage({ loaderData }: Route.ComponentProps) {
  return <PeriodPage key={loaderData.period.id} {...loaderData} />;
}
