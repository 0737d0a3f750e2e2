import { Link } from '../components/link.tsx';
import type { Route } from './+types/school-profile.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';
import { plainText } from '../features/course/rich-text.tsx';
import { loadSchoolProfile } from '../features/pages/school-load.ts';
import { H5CourseSection } from './course-card.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadSchoolProfile(args, 12);
}

/** /h5/schoolProfile/:id — an organisation's school page on a phone. */
export default function H5SchoolProfile({ loaderData }: Route.ComponentProps) {
  const { school, courses } = loaderData;
  return (
    <>
      <PageMeta
        title={school.orgName}
        description={school.summary || plainText(school.introduce).slice(0, 120)}
        image={school.logoUrl}
        type="profile"
      />
      <H5Header title="机构主页" />
      <section className="h5-pages__hero h5-pages__hero--school">
        {school.logoUrl ? <img src={school.logoUrl} alt="" width={64} height={64} /> : null}
        <h1>{school.orgName}</h1>
        {school.summary ? <p>{school.summary}</p> : null}
        <p>
          讲师 {school.lecturers.length} 位 · 课程 {school.courseCount} 门
        </p>
      </section>
      {school.introduce ? (
        <section className="h5-section">
          <h2 className="h5-section__title">机构介绍</h2>
          <RichHtml className="h5-rich" html={school.introduce} />
        </section>
      ) : null}
      <section className="h5-section">
        <h2 className="h5-section__title">机构讲师</h2>
        {school.lecturers.length ? (
          <ul className="h5-pages__people">
            {school.lecturers.map((l) => (
              <li key={l.id}>
                <Link to={`/h5/lecturer/${l.id}`}>
                  {l.headImgUrl ? (
                    <img src={l.headImgUrl} alt="" width={48} height={48} />
                  ) : (
                    <span aria-hidden="true">{l.lecturerName.slice(0, 1)}</span>
                  )}
                  <strong>{l.lecturerName}</strong>
                  <small className="h5-muted">{l.position || '讲师'}</small>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="h5-empty">暂无讲师</p>
        )}
      </section>
      <H5CourseSection
        id="school-courses"
        title="机构课程"
        label={`机构课程，共 ${courses.totalCount} 门`}
        courses={courses.list}
        empty="暂无课程"
      />
      <H5Pager page={courses} label="机构课程翻页" />
      <H5Footer />
    </>
  );
}
