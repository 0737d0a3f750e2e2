import { VIDEO_STATUS_NAMES, type TVodVideo } from '#contract/vod.ts';
import type { VodRendition } from '../../db/schema/vod.ts';
import type { Storage } from '../../platform/storage.ts';
import { formatTime } from '../../platform/time.ts';
import type { VideoRow } from './vod.repo.ts';

export const presentRenditions = (rs: VodRendition[]) => rs.map((r) => ({ name: r.name, width: r.width, height: r.height }));

/** A video for its lecturer; the key and storage paths never leave the server. */
export const presentVideo = (r: VideoRow, storage: Storage): TVodVideo => ({
  id: String(r.id),
  videoName: r.videoName,
  status: r.status,
  statusName: VIDEO_STATUS_NAMES[r.status] ?? '',
  failReason: r.failReason ?? '',
  durationSec: r.durationSec,
  width: r.width,
  height: r.height,
  sizeBytes: r.sizeBytes,
  posterUrl: r.posterKey ? storage.publicUrl(r.posterKey) : '',
  renditions: presentRenditions(r.renditions),
  gmtCreate: formatTime(r.gmtCreate),
});
