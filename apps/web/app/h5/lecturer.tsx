import { useNavigate } from 'react-router';
import type { Route } from './+types/lecturer.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useFollowLecturer } from '../features/account/use-follow-lecturer.ts';
import { loadLecturer } from '../features/pages/lecturer-load.ts';
import { H5CourseSection } from './course-card.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5LoginPath } from './h5-links.ts';
import { H5Pager } from './h5-pager.tsx';
import './h5-pages.css';

const PAGE_SIZE = 10;

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadLecturer(context, params.id, request, PAGE_SIZE);
}

/** /h5/lecturer/:id — a lecturer on a phone: profile, followers, follow, introduction and courses. */
export default function H5Lecturer({ loaderData }: Route.ComponentProps) {
  const { lecturer: l, courses } = loaderData;
  const navigate = useNavigate();
  const here = `/h5/lecturer/${l.id}`;
  const follow = useFollowLecturer(l.id, l.userId, l.attentionCount, () => void navigate(h5LoginPath(here)));
  return (
    <>
      <PageMeta
        title={l.lecturerName}
        description={l.introduce.slice(0, 120) || undefined}
        image={l.headImgUrl}
        type="profile"
        url={`/lecturer/${l.id}`}
      />
      <H5Header title="讲师主页" />
      <header className="h5-lecturer">
        {l.headImgUrl ? (
          <img src={l.headImgUrl} alt="" width={64} height={64} />
        ) : (
          <span className="h5-lecturer__initial" aria-hidden="true">
            {l.lecturerName.slice(0, 1)}
          </span>
        )}
        <div className="h5-lecturer__text">
          <h1>{l.lecturerName}</h1>
          {l.position ? <p className="h5-muted">{l.position}</p> : null}
          <p className="h5-muted">
            {follow.count} 人关注 · 课程 {courses.totalCount} 门
          </p>
        </div>
        {follow.self ? null : (
          <button
            type="button"
            className={follow.following ? 'h5-button' : 'h5-button h5-button--primary'}
            disabled={follow.pending || follow.waiting}
            onClick={() => void follow.toggle()}
          >
            {follow.following ? '已关注' : '关注'}
          </button>
        )}
      </header>
      <section className="h5-section">
        <h2 className="h5-section__title">讲师介绍</h2>
        <p className="h5-lecturer__intro">{l.introduce || '这位讲师还没有填写介绍。'}</p>
      </section>
      <H5CourseSection
        id="lecturer-courses"
        title="讲师的课程"
        label={`${l.lecturerName}的课程，共 ${courses.totalCount} 门`}
        courses={courses.list}
        empty="这位讲师还没有上架的课程"
      />
      <H5Pager page={courses} />
      <H5Footer />
    </>
  );
}
