import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import { courseView } from '#contract/course.ts';
import { liveCourseSessions } from '#contract/live.ts';
import type { Route } from './+types/live-detail.ts';
import { pageLoad } from '../lib/session-load.ts';
import { yuan } from '../features/course/course-format.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5LiveItems } from './live-items.tsx';
import './h5-live.css';

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  const [course, sessions] = await Promise.all([
    pageLoad(args, courseView, { courseId: id }),
    pageLoad(args, liveCourseSessions, { courseId: id }),
  ]);
  return { course, sessions };
}

/** /h5/live/detail/:id — a live course on a phone: cover, price, lecturer and its sessions. */
export default function H5LiveDetail({ loaderData }: Route.ComponentProps) {
  const { course: c, sessions } = loaderData;
  return (
    <>
      <PageMeta title={c.courseName} description={`${c.courseName}：直播课程，共 ${c.periodTotal} 讲`} />
      <H5Header title="直播课程" />
      {c.courseLogo ? <img className="h5-live-cover" src={c.courseLogo} alt={c.courseName} /> : null}
      <section className="h5-live-head">
        <h1>{c.courseName}</h1>
        <p>
          讲师 {c.lecturer.lecturerName || c.lecturerName} · 共 {c.periodTotal} 讲
        </p>
        <p className="h5-live-price">{c.isFree ? '免费' : yuan(c.coursePrice)}</p>
      </section>
      <h2 className="h5-live-section">直播课表</h2>
      <H5LiveItems sessions={sessions} />
      <H5Footer />
    </>
  );
}
