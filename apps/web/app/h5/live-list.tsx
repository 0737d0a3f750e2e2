import { Link } from '../components/link.tsx';
import { courseList } from '#contract/course.ts';
import { livePlanList } from '#contract/live.ts';
import type { Route } from './+types/live-list.ts';
import { pageLoad } from '../lib/session-load.ts';
import { yuan } from '../features/course/course-format.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5LiveItems } from './live-items.tsx';
import './h5-live.css';

export async function loader(args: Route.LoaderArgs) {
  const [plan, courses] = await Promise.all([
    pageLoad(args, livePlanList, { pageCurrent: 1, pageSize: 20 }),
    pageLoad(args, courseList, { courseType: 2, pageCurrent: 1, pageSize: 20 }),
  ]);
  return { plan: plan.list, courses: courses.list };
}

/** /h5/live — the schedule of live sessions and the live courses, on a phone. */
export default function H5LiveList({ loaderData }: Route.ComponentProps) {
  const { plan, courses } = loaderData;
  return (
    <>
      <PageMeta title="直播课堂" description="直播课堂：正在直播与即将开播的课程安排" />
      <H5Header title="直播课堂" />
      <h1 className="h5-visually-hidden">直播课堂</h1>
      <h2 className="h5-live-section">直播安排</h2>
      <H5LiveItems sessions={plan} withCourse />
      <h2 className="h5-live-section">直播课程</h2>
      {courses.length === 0 ? (
        <p className="h5-empty">暂无直播课程</p>
      ) : (
        <ul className="h5-live-list">
          {courses.map((c) => (
            <li key={c.id}>
              <Link to={`/h5/live/detail/${c.id}`} className="h5-live-item">
                <strong>{c.courseName}</strong>
                <span>
                  {c.lecturerName} · 共 {c.periodTotal} 讲 · {c.isFree ? '免费' : yuan(c.coursePrice)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <H5Footer />
    </>
  );
}
