import type { TUnfinishedUpload } from '#contract/upload.ts';
import { VIDEO_STATUS_NAMES, type TVodVideo } from '#contract/vod.ts';
import type { VodRendition } from '../../db/schema/vod.ts';
import type { Storage } from '../../platform/storage.ts';
import { formatTime } from '../../platform/time.ts';
import type { UploadRow } from './upload.repo.ts';
import type { VideoRow } from './vod.repo.ts';

export const presentRenditions = (rs: VodRendition[]) =>
  rs.map((r) => ({ name: r.name, width: r.width, height: r.height }));

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

/** An upload that stopped part way, for the page that asks for the same file again. */
export const presentUnfinishedUpload = (u: UploadRow): TUnfinishedUpload => ({
  identifier: u.identifier,
  fileName: u.fileName,
  totalSize: u.totalSize,
  totalChunks: u.totalChunks,
  uploadedChunks: u.received,
  gmtModified: formatTime(u.gmtModified),
});
