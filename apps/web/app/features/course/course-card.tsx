import { Link } from '../../components/link.tsx';
import type { TCourseBrief } from '#contract/course.ts';
import { coursePath, learnerCount, lessonCount, yuan } from './course-format.ts';
import './course-card.css';

/** The price line of a course: 免费, or the price with the strike-through ruling price beside it. */
export function CoursePrice({
  course,
  large = false,
}: {
  course: Pick<TCourseBrief, 'isFree' | 'coursePrice' | 'rulingPrice'>;
  large?: boolean;
}) {
  const cls = large ? 'qk-price qk-price--large' : 'qk-price';
  if (course.isFree === 1 || course.coursePrice === 0) return <span className={`${cls} qk-price--free`}>免费</span>;
  return (
    <span className={cls}>
      <strong>{yuan(course.coursePrice)}</strong>
      {course.rulingPrice > course.coursePrice ? <del>{yuan(course.rulingPrice)}</del> : null}
    </span>
  );
}

/** A course on a list, a zone or a "related" strip: cover, name, lecturer, price and how many study it. */
export function CourseCard({ course, to }: { course: TCourseBrief; to?: string }) {
  return (
    <Link to={to ?? coursePath(course)} className="qk-course-card" title={course.courseName}>
      <span className="qk-course-card__cover">
        {course.courseLogo ? (
          <img src={course.courseLogo} alt="" loading="lazy" />
        ) : (
          <span className="qk-course-card__blank">
            <span className="qk-cover-title">{course.courseName}</span>
          </span>
        )}
        {course.isFree === 1 ? <span className="qk-course-card__tag">免费</span> : null}
      </span>
      <span className="qk-course-card__body">
        <span className="qk-course-card__name">{course.courseName}</span>
        <span className="qk-course-card__meta">
          <span>{course.lecturerName || '青课讲师'}</span>
          {course.periodTotal > 0 ? <span>{lessonCount(course)}</span> : null}
        </span>
        <span className="qk-course-card__foot">
          <CoursePrice course={course} />
          <span className="qk-course-card__count">{learnerCount(course)}</span>
        </span>
      </span>
    </Link>
  );
}

export function CourseGrid({ courses, columns = 4 }: { courses: TCourseBrief[]; columns?: 3 | 4 }) {
  return (
    <div className={`qk-course-grid qk-course-grid--${columns}`}>
      {courses.map((c) => (
        <CourseCard key={c.id} course={c} />
      ))}
    </div>
  );
}
