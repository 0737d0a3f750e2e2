import { Avatar } from 'antd';
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/school-profile.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { EmptyState } from '../components/page.tsx';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';
import { CourseGrid } from '../features/course/course-card.tsx';
import { LinkPager } from '../features/course/link-pager.tsx';
import { plainText } from '../features/course/rich-text.tsx';
import { loadSchoolProfile } from '../features/pages/school-load.ts';
import '../features/course/course.css';
import '../features/pages/pages.css';

const PAGE_SIZE = 12;

export function loader(args: Route.LoaderArgs) {
  return loadSchoolProfile(args, PAGE_SIZE);
}

/** /schoolProfile/:id — an organisation's school page: its introduction, its lecturers and their courses. */
export default function SchoolProfile({ loaderData }: Route.ComponentProps) {
  const { school, courses } = loaderData;
  const description = school.summary || plainText(school.introduce).slice(0, 120) || `${school.orgName}的机构主页`;
  return (
    <div className="qk-container qk-page qk-school">
      <PageMeta title={school.orgName} description={description} image={school.logoUrl} type="profile" />
      <section className="qk-school__hero">
        <Avatar src={school.logoUrl || undefined} icon={<BankOutlined />} size={96} shape="square" alt="" />
        <div>
          <h1>{school.orgName}</h1>
          {school.summary ? <p className="qk-muted">{school.summary}</p> : null}
          <p className="qk-school__facts">
            <span>讲师 {school.lecturers.length} 位</span>
            <span>课程 {school.courseCount} 门</span>
          </p>
        </div>
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">机构介绍</h2>
        {school.introduce ? <RichHtml html={school.introduce} /> : <p className="qk-muted">该机构还没有填写介绍。</p>}
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">机构讲师</h2>
        {school.lecturers.length ? (
          <ul className="qk-school__lecturers">
            {school.lecturers.map((l) => (
              <li key={l.id}>
                <Link to={`/lecturer/${l.id}`}>
                  <Avatar src={l.headImgUrl || undefined} icon={<UserOutlined />} size={64} alt="" />
                  <strong>{l.lecturerName}</strong>
                  <span className="qk-muted">{l.position || '讲师'}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState text="暂无讲师" />
        )}
      </section>
      <section className="qk-card" aria-label="机构课程">
        <h2 className="qk-card__title">机构课程</h2>
        {courses.list.length ? <CourseGrid courses={courses.list} /> : <EmptyState text="暂无课程" />}
        <LinkPager
          current={courses.pageCurrent}
          totalPage={courses.totalPage}
          href={(p) => `/schoolProfile/${school.id}${p > 1 ? `?page=${p}` : ''}`}
        />
      </section>
    </div>
  );
}
