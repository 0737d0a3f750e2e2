/**
 * Plays a live HLS playlist near its edge: hls.js (light build) two segments behind the newest, catching up by
 * playing up to 1.5× when it falls more than four behind (a stall on a slow network would otherwise add its
 * delay for good); the browser's own HLS where Media Source is missing. Returns the function that detaches it.
 */
export function attachLive(video: HTMLVideoElement, url: string, onError: (msg: string) => void): () => void {
  let dead = false;
  let destroy = () => undefined as void;
  void (async () => {
    const { default: Hls } = await import('hls.js/light');
    if (dead) return;
    if (Hls.isSupported()) {
      const hls = new Hls({
        enableWorker: false,
        liveSyncDurationCount: 2,
        liveMaxLatencyDurationCount: 4,
        maxLiveSyncPlaybackRate: 1.5,
        backBufferLength: 10,
      });
      hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
      hls.on(Hls.Events.ERROR, (_e, d) => {
        if (!d.fatal) return;
        if (d.type === Hls.ErrorTypes.MEDIA_ERROR) return hls.recoverMediaError();
        onError('直播加载失败，请检查网络后刷新页面重试');
      });
      hls.loadSource(url);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url;
      void video.play().catch(() => undefined);
    } else {
      onError('当前浏览器无法播放直播，请使用最新版的 Chrome、Edge 或 Safari');
    }
  })();
  return () => {
    dead = true;
    destroy();
  };
}
