import type { Route } from './+types/course-period.ts';
import { loadLesson } from '../features/player/lesson-loader.ts';
import { LessonPage } from '../features/player/lesson-page.tsx';

export function loader(args: Route.LoaderArgs) {
  return loadLesson(args);
}

/** /view/:id/period/:periodId — studying one lesson: the video or document, lessons, notes (decision 0015). */
export default function CoursePeriodPage({ loaderData }: Route.ComponentProps) {
  return <LessonPage key={loaderData.period.id} {...loaderData} />;
}
