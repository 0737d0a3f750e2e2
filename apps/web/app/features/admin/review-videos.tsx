import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { TCourseAuditDiff } from '#contract/studio-admin.ts';
import { adminCourseAuditPeriodPlay } from '#contract/studio-admin.ts';
import type { TVideoPlay } from '#contract/vod.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { clock } from '../course/course-format.ts';
import { attachHls } from '../player/hls-source.ts';
import { Watermark } from '../player/watermark.tsx';
import '../player/player.css';

/** One draft lesson's video: the signed playlist asked for when shown, played with the lesson player's HLS. */
function ReviewPlayer({ periodId, name }: { periodId: string; name: string }) {
  const [play, setPlay] = useState<TVideoPlay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  const load = useCallback(async () => {
    setError(null);
    setPlay(null);
    try {
      setPlay(await api(adminCourseAuditPeriodPlay, { periodId }, { toast: false }));
    } catch (err) {
      setError(inlineMessage(err, '视频加载失败，请稍后再试'));
    }
  }, [periodId]);
  useEffect(() => void load(), [load]);

  useEffect(() => {
    const video = videoRef.current;
    if (!play || !video) return;
    return attachHls(video, play.playUrl, 0, {
      onReady: () => void video.play().catch(() => undefined),
      onError: setError,
    });
  }, [play]);

  const box = useRef<HTMLDivElement>(null);
  // the dialog's body scrolls: bring the player into view when a lesson is picked
  useEffect(() => box.current?.scrollIntoView?.({ block: 'nearest' }), []);

  return (
    <div ref={box} className="qk-player__screen" data-testid="review-video" style={{ maxWidth: 640, margin: '0 auto' }}>
      <video
        ref={videoRef}
        className="qk-player__video"
        controls
        playsInline
        preload="metadata"
        poster={play?.posterUrl || undefined}
        controlsList="nodownload"
        disablePictureInPicture
        aria-label={`课时视频：${name}`}
      />
      <Watermark text={play?.watermark ?? ''} />
      {error ? (
        <div className="qk-player__error" role="alert">
          <p>{error}</p>
          <Button onClick={() => void load()}>重新加载</Button>
        </div>
      ) : !play ? (
        <div className="qk-player__error">视频加载中…</div>
      ) : null}
    </div>
  );
}

/**
 * The draft's video lessons, each playable in the audit dialog: approving publishes them, so the administrator
 * watches them first, though no learner may play them yet.
 */
export function ReviewVideos({ draft }: { draft: TCourseAuditDiff['draft'] }) {
  const lessons = draft.chapterList.flatMap((ch) =>
    ch.periodList.filter((p) => p.hasVideo === 1).map((p) => ({ ...p, chapterName: ch.chapterName })),
  );
  const [playing, setPlaying] = useState<string | null>(null);
  const current = lessons.find((p) => p.id === playing);
  return (
    <section className="qk-review-videos" aria-label="课时视频">
      <h4 style={{ margin: '16px 0 8px' }}>课时视频</h4>
      {lessons.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这门课没有视频课时" />
      ) : (
        <>
          {current ? <ReviewPlayer key={current.id} periodId={current.id} name={current.periodName} /> : null}
          <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
            {lessons.map((p) => (
              <li
                key={p.id}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '4px 0',
                  borderBottom: '1px solid #f0f0f0',
                }}
              >
                <span style={{ color: '#888' }}>{p.chapterName}</span>
                <span style={{ flex: 1 }}>{p.periodName}</span>
                <span style={{ color: '#888' }}>{p.videoDuration ? clock(p.videoDuration) : '转码中'}</span>
                <Button
                  size="small"
                  type={p.id === playing ? 'primary' : 'default'}
                  icon={<PlayCircleOutlined />}
                  onClick={() => setPlaying(p.id)}
                  aria-label={`播放「${p.periodName}」`}
                >
                  {p.id === playing ? '播放中' : '播放'}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
