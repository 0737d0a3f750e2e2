import 'virtual:antd-all.css';
import { liveCourseSessions } from '#contract/live.ts';
import type { Route } from './+types/detail.ts';
import { pageLoad } from '../../lib/session-load.ts';
import { loadCourseDetail } from '../../features/course/course-detail.ts';
import { CourseDetailPage } from '../../features/course/course-detail-page.tsx';
import { LiveSessionList } from '../../features/live/live-session-list.tsx';
import '../../features/live/live.css';

export async function loader(args: Route.LoaderArgs) {
  const detail = await loadCourseDetail(args);
  const sessions = await pageLoad(args, liveCourseSessions, { courseId: detail.course.id });
  return { ...detail, sessions };
}

/** /live/detail/:id — a live course's page: what it is, its price, and its sessions with their times. */
export default function LiveDetailPage({ loaderData }: Route.ComponentProps) {
  const { sessions, ...detail } = loaderData;
  return <CourseDetailPage key={detail.course.id} {...detail} schedule={<LiveSessionList sessions={sessions} />} />;
}
