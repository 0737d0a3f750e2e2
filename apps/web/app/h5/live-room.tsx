import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import { liveSessionView } from '#contract/live.ts';
import type { Route } from './+types/live-room.ts';
import { pageLoad } from '../lib/session-load.ts';
import { useSite } from '../lib/root-data.ts';
import { LivePlayer } from '../features/live/live-player.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { H5Header } from './h5-frame.tsx';
import { h5Href, h5LoginPath } from './h5-links.ts';
import { H5LiveChat } from './live-chat.tsx';
import '../features/live/live.css';
import './h5-live.css';

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  return { session: await pageLoad(args, liveSessionView, { periodId: id }) };
}

/** /h5/preview/live/:id — the live room on a phone: the stage on top, the chat below. */
export default function H5LiveRoom({ loaderData }: Route.ComponentProps) {
  const { session: s } = loaderData;
  const { user } = useSite();
  return (
    <>
      <PageMeta title={s.periodName} description={`${s.courseName} 直播：${s.periodName}`} />
      <H5Header title="直播间" />
      <section className="h5-live-head">
        <h1>{s.periodName}</h1>
        <p>
          {s.courseName} · {s.beginTime.slice(0, 16)} · {s.liveStatusText}
        </p>
      </section>
      <div className="h5-live-room">
        <LivePlayer
          session={s}
          signedIn={!!user}
          loginHref={h5LoginPath(`/h5/preview/live/${s.periodId}`)}
          linkTo={h5Href}
        />
        {user ? <H5LiveChat periodId={s.periodId} myId={user.id} /> : null}
      </div>
    </>
  );
}
