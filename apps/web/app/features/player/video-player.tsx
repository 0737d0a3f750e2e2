import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type HlsType from 'hls.js';
import type { TCourseSign } from '#contract/course-learn.ts';
import type { TPeriodProgress } from '#contract/study.ts';
import { vodPlay, type TVodPlay } from '#contract/vod.ts';
import { api, inlineMessage } from '../../api/client.ts';

import { showWarning } from '../../lib/toast.ts';
import { attachHls } from './hls-source.ts';
import { HEARTBEAT_MS, ProgressReporter } from './progress-reporter.ts';
import { Watermark } from './watermark.tsx';

const SPEEDS = [0.75, 1, 1.25, 1.5, 2];

interface Props {
  sign: TCourseSign;
  /** the second to start from: a note's time, else where the viewer stopped */
  startAt: number;
  /** start without waiting for the play button (coming from the previous lesson's end) */
  autoplay?: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onProgress: (p: TPeriodProgress) => void;
  onEnded: () => void;
}

interface Level {
  index: number;
  label: string;
}

/**
 * The lesson's video: hls.js (loaded only here) playing the signed master playlist of the play call, with speed
 * presets, a quality switch, the watermark, resume, and the course's rules on speed and seeking. A play URL that
 * has expired (long pause) is asked for again and playback goes on from the same second.
 */
export function VideoPlayer({ sign, startAt, autoplay = false, videoRef, onProgress, onEnded }: Props) {
  const [play, setPlay] = useState<TVodPlay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [rate, setRate] = useState(1);
  const [started, setStarted] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const resumeAt = useRef(startAt);
  const furthest = useRef(Math.max(sign.watchedUntil, 0));
  const refreshes = useRef(0);
  /** the viewer asked to play (or was playing when the URL was renewed): play as soon as the video can */
  const wantPlay = useRef(autoplay);
  const callbacks = useRef({ onProgress, onEnded });
  callbacks.current = { onProgress, onEnded };
  const canSpeed = (play?.speedDouble ?? sign.speedDouble) === 1;
  const canDrag = (play?.speedDrag ?? sign.speedDrag) === 1;

  const fetchPlay = useCallback(async () => {
    try {
      setPlay(await api(vodPlay, { periodId: sign.periodId }));
    } catch (err) {
      const msg = inlineMessage(err, '视频加载失败，请刷新页面重试');
      if (msg) setError(msg);
    }
  }, [sign.periodId]);

  useEffect(() => {
    void fetchPlay();
  }, [fetchPlay]);

  // hls.js attaches to the video whenever a (new) play URL arrives
  useEffect(() => {
    const video = videoRef.current;
    if (!play || !video) return;
    const start = resumeAt.current > 0 && resumeAt.current < play.durationSec - 3 ? resumeAt.current : 0;
    return attachHls(video, play.playUrl, start, {
      onInstance: (hls) => {
        hlsRef.current = hls;
      },
      onReady: (heights) => {
        setLevels(
          heights.map((h, index) => ({ index, label: play.renditions.find((r) => r.height === h)?.name || `${h}p` })),
        );
        if (wantPlay.current) void video.play().catch(() => undefined);
      },
      // an expired or refused URL: ask for a fresh one a couple of times, then say so
      onNetworkError: () => {
        if (refreshes.current >= 2) return false;
        refreshes.current += 1;
        resumeAt.current = video.currentTime || start;
        wantPlay.current = !video.paused;
        void fetchPlay();
        return true;
      },
      onError: setError,
    });
  }, [play, videoRef, fetchPlay]);

  // progress reports, and the course's rules on seeking and speed
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const reporter = new ProgressReporter(sign.periodId, (p) => {
      furthest.current = Math.max(furthest.current, p.watchedUntil);
      callbacks.current.onProgress(p);
    });
    let last = video.currentTime;
    const onTime = () => {
      const t = video.currentTime;
      const playing = !video.paused && !video.seeking;
      reporter.track(t, playing);
      if (playing && t > last && t - last <= 3) furthest.current = Math.max(furthest.current, t);
      last = t;
    };
    const onSeeking = () => {
      reporter.close();
      if (!canDrag && video.currentTime > furthest.current + 1) {
        video.currentTime = furthest.current;
        showWarning('本课程不允许拖动到还没看过的位置');
      }
      last = video.currentTime;
    };
    const onPlay = () => {
      setStarted(true);
      void reporter.send('play', video.currentTime);
    };
    const onPause = () => {
      if (video.ended || video.seeking) return;
      reporter.close();
      void reporter.send('pause', video.currentTime);
    };
    const onEnd = () => {
      reporter.track(video.duration, true);
      reporter.close();
      void reporter.send('end', video.duration);
      callbacks.current.onEnded();
    };
    const onRate = () => {
      if (!canSpeed && video.playbackRate !== 1) video.playbackRate = 1;
      setRate(video.playbackRate);
    };
    // a tab switch fires visibilitychange; leaving the page (reload, address bar) may fire only pagehide
    let beaconAt = 0;
    const beacon = () => {
      if (video.currentTime <= 0 || Date.now() - beaconAt < 1000) return;
      beaconAt = Date.now();
      reporter.beacon(video.currentTime);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') beacon();
    };
    const beat = window.setInterval(() => {
      if (!video.paused) void reporter.send('heartbeat', video.currentTime);
    }, HEARTBEAT_MS);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnd);
    video.addEventListener('ratechange', onRate);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', beacon);
    return () => {
      window.clearInterval(beat);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnd);
      video.removeEventListener('ratechange', onRate);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', beacon);
      // leaving the lesson inside the site (next lesson, another page): the last stretch still counts
      beacon();
    };
  }, [sign.periodId, canDrag, canSpeed, videoRef]);

  function start() {
    wantPlay.current = true;
    // before the playlist is attached this is refused; MANIFEST_PARSED plays it then
    void videoRef.current?.play().catch(() => undefined);
  }

  function chooseLevel(index: number) {
    setLevel(index);
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  }

  function chooseRate(r: number) {
    const video = videoRef.current;
    if (video && canSpeed) video.playbackRate = r;
  }

  function fullscreen() {
    const box = boxRef.current;
    if (!box) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (box.requestFullscreen) void box.requestFullscreen().catch(() => undefined);
    // an iPhone puts only a video in full screen, its own player's (without the watermark, which it cannot show)
    else
      (
        videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null
      )?.webkitEnterFullscreen?.();
  }

  return (
    <div className="qk-player">
      <div className="qk-player__screen" ref={boxRef}>
        <video
          ref={videoRef}
          className="qk-player__video"
          controls
          playsInline
          preload="metadata"
          poster={play?.posterUrl || undefined}
          controlsList={`nodownload nofullscreen${canSpeed ? '' : ' noplaybackrate'}`}
          disablePictureInPicture
          aria-label={`视频：${sign.periodName}`}
        />
        <Watermark text={play?.watermark ?? ''} />
        {!started && play && !error ? (
          <button type="button" className="qk-player__start" onClick={start}>
            <span aria-hidden="true">▶</span>{' '}
            {resumeAt.current > 3 && resumeAt.current < play.durationSec - 3 ? '继续播放' : '播放'}
          </button>
        ) : null}
        {error ? (
          <div className="qk-player__error" role="alert">
            <p>{error}</p>
            <button
              type="button"
              className="qk-button"
              onClick={() => {
                setError(null);
                refreshes.current = 0;
                void fetchPlay();
              }}
            >
              重新加载
            </button>
          </div>
        ) : null}
        {!play && !error ? <div className="qk-player__error">视频加载中…</div> : null}
      </div>
      <div className="qk-player__bar">
        {canSpeed ? (
          <div className="qk-player__group" role="group" aria-label="倍速">
            <span>倍速</span>
            {SPEEDS.map((s) => (
              <button
                key={s}
                type="button"
                className={rate === s ? 'is-active' : undefined}
                aria-pressed={rate === s}
                onClick={() => chooseRate(s)}
              >
                {s === 1 ? '1.0' : s}×
              </button>
            ))}
          </div>
        ) : (
          <span className="qk-player__rule">本课程不支持倍速播放</span>
        )}
        {levels.length > 1 ? (
          <div className="qk-player__group" role="group" aria-label="清晰度">
            <span>清晰度</span>
            <button
              type="button"
              className={level === -1 ? 'is-active' : undefined}
              aria-pressed={level === -1}
              onClick={() => chooseLevel(-1)}
            >
              自动
            </button>
            {levels.map((l) => (
              <button
                key={l.index}
                type="button"
                className={level === l.index ? 'is-active' : undefined}
                aria-pressed={level === l.index}
                onClick={() => chooseLevel(l.index)}
              >
                {l.label}
              </button>
            ))}
          </div>
        ) : null}
        {!canDrag ? <span className="qk-player__rule">本课程只能拖动到已看过的位置</span> : null}
        <button type="button" className="qk-player__full" onClick={fullscreen}>
          全屏
        </button>
      </div>
    </div>
  );
}
