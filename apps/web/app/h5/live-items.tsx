import { Link } from '../components/link.tsx';
import { LiveStatus, type TLiveSession } from '#contract/live.ts';

/** Sessions as phone cards: time, status, name; each opens its live room. */
export function H5LiveItems({ sessions, withCourse = false }: { sessions: TLiveSession[]; withCourse?: boolean }) {
  if (sessions.length === 0) return <p className="h5-empty">还没有安排直播</p>;
  return (
    <ul className="h5-live-list">
      {sessions.map((s) => (
        <li key={s.id}>
          <Link to={`/h5/preview/live/${s.periodId}`} className="h5-live-item">
            <strong>{withCourse ? `${s.courseName} · ${s.periodName}` : s.periodName}</strong>
            <span>
              {s.beginTime.slice(0, 16)} ·{' '}
              <b className={s.liveStatus === LiveStatus.LIVING ? 'is-living' : undefined}>{s.liveStatusText}</b>
              {s.isFree ? ' · 免费试看' : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
