import { Link } from '../components/link.tsx';
import type { TCourseBrief } from '#contract/course.ts';
import { learnerCount, lessonCount, yuan } from '../features/course/course-format.ts';
import { h5DetailPath } from './h5-links.ts';

/** 免费, or the price with the strike-through price beside it. */
export function H5Price({ course }: { course: Pick<TCourseBrief, 'isFree' | 'coursePrice' | 'rulingPrice'> }) {
  if (course.isFree === 1 || course.coursePrice === 0) return <span className="h5-price h5-price--free">免费</span>;
  return (
    <span className="h5-price">
      <strong>{yuan(course.coursePrice)}</strong>
      {course.rulingPrice > course.coursePrice ? <del>{yuan(course.rulingPrice)}</del> : null}
    </span>
  );
}

/** A course in a zone's grid: cover, name, price and how many study it. */
export function H5CourseTile({ course }: { course: TCourseBrief }) {
  return (
    <Link to={h5DetailPath(course)} className="h5-tile">
      <span className="h5-cover">
        {course.courseLogo ? <img src={course.courseLogo} alt="" loading="lazy" /> : null}
      </span>
      <span className="h5-tile__name">{course.courseName}</span>
      <span className="h5-tile__foot">
        <H5Price course={course} />
        <span className="h5-muted">{learnerCount(course)}</span>
      </span>
    </Link>
  );
}

/** A course in the catalogue's list: cover on the left, name, lecturer, lessons and price on the right. */
/** `eager` for the rows on the first screen: a lazy image there is fetched late and is the page's last paint. */
export function H5CourseRow({ course, eager = false }: { course: TCourseBrief; eager?: boolean }) {
  return (
    <Link to={h5DetailPath(course)} className="h5-row">
      <span className="h5-cover h5-row__cover">
        {course.courseLogo ? <img src={course.courseLogo} alt="" loading={eager ? 'eager' : 'lazy'} /> : null}
      </span>
      <span className="h5-row__body">
        <span className="h5-row__name">{course.courseName}</span>
        <span className="h5-muted">
          {course.lecturerName ? `${course.lecturerName} · ` : ''}
          {lessonCount(course)} · {learnerCount(course)}
        </span>
        <H5Price course={course} />
      </span>
    </Link>
  );
}

/** A titled list of courses (a lecturer's, an organisation's), or what to say when there are none. */
export function H5CourseSection(props: {
  id: string;
  title: string;
  /** the list's name for screen readers, with its count */
  label: string;
  courses: TCourseBrief[];
  empty: string;
}) {
  return (
    <>
      <section className="h5-section" aria-labelledby={props.id}>
        <h2 id={props.id} className="h5-section__title">
          {props.title}
        </h2>
        {props.courses.length ? null : <p className="h5-empty">{props.empty}</p>}
      </section>
      {props.courses.length ? (
        <ul className="h5-list" aria-label={props.label}>
          {props.courses.map((c) => (
            <li key={c.id}>
              <H5CourseRow course={c} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
