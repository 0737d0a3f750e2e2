import 'virtual:antd-all.css';
import { courseList } from '#contract/course.ts';
import { livePlanList } from '#contract/live.ts';
import type { Route } from './+types/index.ts';
import { pageLoad } from '../../lib/session-load.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { CourseGrid } from '../../features/course/course-card.tsx';
import { LiveSessionList } from '../../features/live/live-session-list.tsx';
import '../../features/course/course.css';
import '../../features/live/live.css';

export async function loader(args: Route.LoaderArgs) {
  const [plan, courses] = await Promise.all([
    pageLoad(args, livePlanList, { pageCurrent: 1, pageSize: 20 }),
    pageLoad(args, courseList, { courseType: 2, pageCurrent: 1, pageSize: 20 }),
  ]);
  return { plan: plan.list, courses: courses.list };
}

/** /live — 直播课堂: the schedule of sessions live now and to come, and the live courses on sale. */
export default function LivePage({ loaderData }: Route.ComponentProps) {
  const { plan, courses } = loaderData;
  return (
    <Page title="直播课堂">
      <section className="qk-card" aria-label="直播安排">
        <h2 className="qk-card__title">直播安排</h2>
        <LiveSessionList sessions={plan} withCourse />
      </section>
      <section aria-label="直播课程" style={{ marginTop: 24 }}>
        <h2>直播课程</h2>
        {courses.length === 0 ? <EmptyState text="暂无直播课程" /> : <CourseGrid courses={courses} />}
      </section>
    </Page>
  );
}
