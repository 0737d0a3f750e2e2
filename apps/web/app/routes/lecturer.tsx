import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { Route } from './+types/lecturer.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { EmptyState } from '../components/page.tsx';
import { FollowButton } from '../features/account/follow-button.tsx';
import { CourseGrid } from '../features/course/course-card.tsx';
import { LinkPager } from '../features/course/link-pager.tsx';
import { loadLecturer } from '../features/pages/lecturer-load.ts';
import '../features/course/course.css';

const PAGE_SIZE = 12;

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadLecturer(context, params.id, request, PAGE_SIZE);
}

/** /lecturer/:id — a lecturer's public page: profile, followers, the follow button and the lecturer's courses. */
export default function LecturerPage({ loaderData }: Route.ComponentProps) {
  const { lecturer, courses } = loaderData;
  return (
    <div className="qk-container qk-page">
      <PageMeta
        title={lecturer.lecturerName}
        description={lecturer.introduce.slice(0, 120) || undefined}
        image={lecturer.headImgUrl}
        type="profile"
        url={`/lecturer/${lecturer.id}`}
      />
      <section className="qk-lecturer-hero">
        <Avatar src={lecturer.headImgUrl || undefined} icon={<UserOutlined />} size={120} alt={lecturer.lecturerName} />
        <div className="qk-lecturer-hero__text">
          <h1>{lecturer.lecturerName}</h1>
          <p className="qk-muted">{lecturer.position}</p>
          <p className="qk-muted">课程 {courses.totalCount} 门</p>
          <FollowButton
            lecturerId={lecturer.id}
            lecturerUserId={lecturer.userId}
            initialCount={lecturer.attentionCount}
          />
        </div>
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">讲师介绍</h2>
        <p className="qk-pre">{lecturer.introduce || '这位讲师还没有填写介绍。'}</p>
      </section>
      <section className="qk-card" aria-label="讲师的课程">
        <h2 className="qk-card__title">讲师的课程</h2>
        {courses.list.length ? <CourseGrid courses={courses.list} /> : <EmptyState text="这位讲师还没有上架的课程" />}
        <LinkPager
          current={courses.pageCurrent}
          totalPage={courses.totalPage}
          href={(p) => `/lecturer/${lecturer.id}${p > 1 ? `?page=${p}` : ''}`}
        />
      </section>
    </div>
  );
}
