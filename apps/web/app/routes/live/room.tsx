import 'virtual:antd-all.css';
import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import { Tag } from 'antd';
import { liveSessionView } from '#contract/live.ts';
import { isId } from '#contract/call.ts';
import { data } from 'react-router';
import type { Route } from './+types/room.ts';
import { pageLoad } from '../../lib/session-load.ts';
import { useSite } from '../../lib/root-data.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { LivePlayer } from '../../features/live/live-player.tsx';
import { LiveChat } from '../../features/live/live-chat.tsx';
import { STATUS_COLOR } from '../../features/live/live-format.ts';
import '../../features/live/live.css';

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  return { session: await pageLoad(args, liveSessionView, { periodId: id }) };
}

/**
 * /preview/live/:id — the live room of a session (its lesson's id): countdown, stream and replay beside the chat.
 * A free preview session is open to every signed-in visitor; the others to those who may study the course.
 */
export default function LiveRoomPage({ loaderData }: Route.ComponentProps) {
  const [s, setSession] = useState(loaderData.session);
  const { user } = useSite();
  return (
    <div className="qk-container qk-page">
      <PageMeta
        title={`${s.periodName} - ${s.courseName}`}
        description={`${s.courseName} 直播：${s.periodName}，${s.beginTime} 开播`}
      />
      <header className="qk-live-room__head">
        <h1>{s.periodName}</h1>
        <p className="qk-muted">
          <Link to={`/live/detail/${s.courseId}`}>{s.courseName}</Link> · 讲师 {s.lecturerName} ·{' '}
          {s.beginTime.slice(0, 16)} <Tag color={STATUS_COLOR[s.liveStatus]}>{s.liveStatusText}</Tag>
          {s.isFree ? <Tag color="green">免费试看</Tag> : null}
        </p>
      </header>
      <div className="qk-live-room">
        <LivePlayer session={loaderData.session} signedIn={!!user} onSession={setSession} />
        {user ? <LiveChat periodId={s.periodId} myId={user.id} /> : null}
      </div>
    </div>
  );
}
