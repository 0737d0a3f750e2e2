import { Link } from '../../components/link.tsx';
import type { TZoneWithCourses } from '#contract/course.ts';
import { EmptyState } from '../../components/page.tsx';
import { CourseGrid } from '../course/course-card.tsx';

/** A home-page zone: its name, description and courses as cards. */
export function ZoneSection({ zone }: { zone: TZoneWithCourses }) {
  return (
    <section className="qk-zone" aria-labelledby={`zone-${zone.id}`}>
      <header className="qk-zone__head">
        <h2 id={`zone-${zone.id}`}>{zone.zoneName}</h2>
        {zone.zoneDesc ? <p>{zone.zoneDesc}</p> : null}
        <Link to="/list" className="qk-zone__more">
          查看更多 ›
        </Link>
      </header>
      {zone.courseList.length === 0 ? <EmptyState text="暂无课程" /> : <CourseGrid courses={zone.courseList} />}
    </section>
  );
}
