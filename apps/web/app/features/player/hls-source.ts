import type HlsType from 'hls.js';

export interface HlsEvents {
  /** The playlist is attached and playable; `heights` are its renditions' (empty with the browser's own HLS). */
  onReady: (heights: number[]) => void;
  /** A fatal network error, most often an expired signed URL: return true when a fresh URL is on its way. */
  onNetworkError?: () => boolean;
  onError: (message: string) => void;
  /** The hls.js instance while attached (quality switching), null once detached. */
  onInstance?: (hls: HlsType | null) => void;
}

/**
 * iPhones and iPads: every browser there is Safari's engine, whose own HLS plays in the background, on the lock
 * screen and in its full screen, and costs no script; hls.js would run there only on Managed Media Source.
 */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  const ios =
    /\b(iPhone|iPad|iPod)\b/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * Plays a signed HLS playlist in a video element: the browser's own HLS on iOS and where Media Source is missing,
 * hls.js (its light build, loaded only when a video plays) elsewhere. Returns the function that detaches it.
 */
export function attachHls(video: HTMLVideoElement, url: string, startAt: number, on: HlsEvents): () => void {
  let dead = false;
  let hls: HlsType | null = null;
  // the browser's own HLS reports an expired or refused URL only as the video's error
  const onNativeError = () => {
    if (dead || on.onNetworkError?.()) return;
    on.onError('视频加载失败，请检查网络后刷新页面重试');
  };
  const native = () => {
    video.addEventListener('error', onNativeError, { once: true });
    video.src = url;
    video.addEventListener(
      'loadedmetadata',
      () => {
        video.currentTime = startAt;
        on.onReady([]);
      },
      { once: true },
    );
  };
  if (prefersNativeHls(video)) {
    native();
    return () => {
      dead = true;
      video.removeEventListener('error', onNativeError);
    };
  }
  void (async () => {
    const { default: Hls } = await import('hls.js/light');
    if (dead) return;
    if (Hls.isSupported()) {
      // no worker: the page's CSP allows scripts only from this site, and lesson videos are short enough
      hls = new Hls({ startPosition: startAt, enableWorker: false });
      on.onInstance?.(hls);
      hls.on(Hls.Events.MANIFEST_PARSED, (_e, d) => on.onReady(d.levels.map((l) => l.height)));
      hls.on(Hls.Events.ERROR, (_e, d) => {
        if (!d.fatal) return;
        if (d.type === Hls.ErrorTypes.MEDIA_ERROR) return hls?.recoverMediaError();
        if (d.type === Hls.ErrorTypes.NETWORK_ERROR && on.onNetworkError?.()) return;
        on.onError('视频加载失败，请检查网络后刷新页面重试');
      });
      hls.loadSource(url);
      hls.attachMedia(video);
    } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
      native();
    } else {
      on.onError('当前浏览器无法播放视频，请使用最新版的 Chrome、Edge 或 Safari');
    }
  })();
  return () => {
    dead = true;
    video.removeEventListener('error', onNativeError);
    hls?.destroy();
    on.onInstance?.(null);
  };
}
