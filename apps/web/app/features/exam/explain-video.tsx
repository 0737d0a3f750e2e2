import { useCallback, useEffect, useRef, useState } from 'react';
import type { TVideoPlay } from '#contract/vod.ts';
import { inlineMessage } from '../../api/client.ts';

import { attachHls } from '../player/hls-source.ts';
import { Watermark } from '../player/watermark.tsx';
import '../player/player.css';

/**
 * A problem's explanation video, shown once the server allows it (after submission, after a practice answer):
 * a button that asks for the signed play URL (exam/sign or practice/sign) and plays it with the lesson
 * player's HLS attachment and watermark. An expired URL is asked for again once.
 */
export function ExplainVideo({ sign }: { sign: () => Promise<TVideoPlay> }) {
  const [open, setOpen] = useState(false);
  const [play, setPlay] = useState<TVideoPlay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const renewed = useRef(false);
  // the page passes a new function on each render; the video must not be re-attached for that
  const signRef = useRef(sign);
  signRef.current = sign;

  const load = useCallback(async () => {
    setError(null);
    try {
      setPlay(await signRef.current());
    } catch (err) {
      const msg = inlineMessage(err, '讲解视频加载失败，请稍后再试');
      if (msg) setError(msg);
    }
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!open || !play || !video) return;
    return attachHls(video, play.playUrl, 0, {
      // the viewer has just asked for it: play at once
      onReady: () => void video.play().catch(() => undefined),
      onNetworkError: () => {
        if (renewed.current) return false;
        renewed.current = true;
        void load();
        return true;
      },
      onError: setError,
    });
  }, [open, play, load]);

  if (!open)
    return (
      <button
        type="button"
        className="qk-exam-btn qk-exam-video__open"
        onClick={() => {
          setOpen(true);
          if (!play) void load();
        }}
      >
        <span aria-hidden="true">▶</span> 观看讲解视频
      </button>
    );
  return (
    <div className="qk-exam-video" data-testid="explain-video">
      <div className="qk-player__screen">
        <video
          ref={videoRef}
          className="qk-player__video"
          controls
          playsInline
          preload="metadata"
          poster={play?.posterUrl || undefined}
          controlsList="nodownload"
          disablePictureInPicture
          aria-label="讲解视频"
        />
        <Watermark text={play?.watermark ?? ''} />
        {error ? (
          <div className="qk-player__error" role="alert">
            <p>{error}</p>
            <button type="button" className="qk-exam-btn" onClick={() => void load()}>
              重新加载
            </button>
          </div>
        ) : !play ? (
          <div className="qk-player__error">讲解视频加载中…</div>
        ) : null}
      </div>
      <button type="button" className="qk-exam-video__close" onClick={() => setOpen(false)}>
        收起讲解视频
      </button>
    </div>
  );
}
