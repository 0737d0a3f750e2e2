import { useEffect, useRef, useState } from 'react';
import { Link } from '../../components/link.tsx';
import { getLiveUrl, LiveStatus, type TLiveSession, type TLiveUrl } from '#contract/live.ts';
import { api, ApiError } from '../../api/client.ts';
import { attachLive } from './live-hls.ts';
import { periodPath } from '../course/course-format.ts';
import { countdown } from './live-format.ts';

/** How often the room asks whether the session went live or ended. */
const POLL_MS = 5000;

type State = { kind: 'loading' } | { kind: 'refused'; msg: string } | { kind: 'ready'; live: TLiveUrl; at: number };

/**
 * The stage of the live room: a countdown before the start, the stream while live (hls.js from the live edge),
 * and 直播已结束 with the replay after. A learner the lesson is not open to is told why and where to buy.
 */
export function LivePlayer({
  session,
  signedIn,
  onSession,
  loginHref = `/login?t=login&redirect=${encodeURIComponent(`/preview/live/${session.periodId}`)}`,
  linkTo = (path) => path,
}: {
  session: TLiveSession;
  signedIn: boolean;
  /** the session as the last poll saw it (its status changes while the page is open) */
  onSession?: (s: TLiveSession) => void;
  /** where a guest signs in (the H5 room: the H5 login, back to the H5 room) */
  loginHref?: string;
  /** the address of a site page the stage links to, given its PC path (the H5 room: its H5 page) */
  linkTo?: (pcPath: string) => string;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [now, setNow] = useState(() => Date.now());
  const [playError, setPlayError] = useState('');
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!signedIn) return;
    let stop = false;
    const ask = async () => {
      try {
        const live = await api(getLiveUrl, { periodId: session.periodId }, { toast: false });
        if (stop) return;
        setState({ kind: 'ready', live, at: Date.now() });
        onSession?.(live.session);
      } catch (err) {
        if (!stop && err instanceof ApiError && !err.needsLogin) setState({ kind: 'refused', msg: err.message });
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      stop = true;
      clearInterval(timer);
      clearInterval(tick);
    };
  }, [session.periodId, signedIn, onSession]);

  const playUrl = state.kind === 'ready' ? state.live.playUrl : '';
  useEffect(() => {
    const el = video.current;
    if (!el || !playUrl) return;
    setPlayError('');
    return attachLive(el, playUrl, setPlayError);
  }, [playUrl]);

  if (!signedIn)
    return (
      <div className="qk-live-stage qk-live-stage--note">
        <p>登录后即可进入直播间</p>
        <Link className="qk-live-stage__action" to={loginHref}>
          登录
        </Link>
      </div>
    );
  if (state.kind === 'loading') return <div className="qk-live-stage qk-live-stage--note">正在进入直播间…</div>;
  if (state.kind === 'refused')
    return (
      <div className="qk-live-stage qk-live-stage--note" role="alert">
        <p>{state.msg}</p>
        <Link className="qk-live-stage__action" to={linkTo(`/live/detail/${session.courseId}`)}>
          查看课程
        </Link>
      </div>
    );
  const s = state.live.session;
  if (s.liveStatus === LiveStatus.LIVING && playUrl)
    return (
      <div className="qk-live-stage">
        <video ref={video} className="qk-live-video" controls autoPlay muted playsInline aria-label="直播画面" />
        {playError ? (
          <p className="qk-live-stage__error" role="alert">
            {playError}
          </p>
        ) : null}
      </div>
    );
  if (s.liveStatus === LiveStatus.WAITING) {
    const left = state.live.startsInSec - Math.floor((now - state.at) / 1000);
    return (
      <div className="qk-live-stage qk-live-stage--note">
        <p className="qk-muted">距离开播</p>
        <p className="qk-live-countdown" aria-live="off">
          {left > 0 ? countdown(left) : '讲师即将开播'}
        </p>
        <p className="qk-muted">开播时间 {s.beginTime}，页面会在开播后自动播放</p>
      </div>
    );
  }
  return (
    <div className="qk-live-stage qk-live-stage--note">
      <p className="qk-live-ended">直播已结束</p>
      {s.hasReplay ? (
        <Link className="qk-live-stage__action" to={linkTo(periodPath(s.courseId, s.periodId))}>
          观看回放
        </Link>
      ) : (
        <p className="qk-muted">
          {s.liveStatus === LiveStatus.PLAYBACK && s.playbackSave === 1 ? '回放生成中，请稍后再来' : '本场直播没有回放'}
        </p>
      )}
    </div>
  );
}
