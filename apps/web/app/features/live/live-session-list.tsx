import { Link } from '../../components/link.tsx';
import { Tag } from 'antd';
import { LiveStatus, type TLiveSession } from '#contract/live.ts';
import { liveRoomPath, STATUS_COLOR } from './live-format.ts';

/** The sessions of a live course or the school's schedule: time, status and the way into the room. */
export function LiveSessionList({ sessions, withCourse = false }: { sessions: TLiveSession[]; withCourse?: boolean }) {
  if (sessions.length === 0) return <p className="qk-muted">还没有安排直播</p>;
  return (
    <ul className="qk-live-sessions">
      {sessions.map((s) => (
        <li key={s.id}>
          <span className="qk-live-plan__time">{s.beginTime.slice(0, 16)}</span>
          <span className="qk-live-sessions__name">
            {withCourse ? <strong>{s.courseName}</strong> : null} {s.periodName}
            {s.isFree ? (
              <Tag color="green" style={{ marginLeft: 8 }}>
                免费试看
              </Tag>
            ) : null}
          </span>
          <Tag color={STATUS_COLOR[s.liveStatus]}>{s.liveStatusText}</Tag>
          <Link to={liveRoomPath(s.periodId)}>
            {s.liveStatus === LiveStatus.LIVING ? '进入直播间' : s.hasReplay ? '看回放' : '查看'}
          </Link>
        </li>
      ))}
    </ul>
  );
}
