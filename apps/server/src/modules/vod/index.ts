import type { ModuleContext } from '../module.ts';
import type { UserService } from '../user/user.service.ts';
import { VodService } from './vod.service.ts';
import { VodPlayService, type PlayablePeriods } from './vod-play.service.ts';
import { VideoUploadService } from './upload.service.ts';
import { vodRoutes } from './vod.routes.ts';
import { vodMediaRoutes } from './vod-media.routes.ts';
import { uploadRoutes } from './upload.routes.ts';

export interface VodDeps {
  users: UserService;
  /** the course domain's answer to "may this user play this lesson", asked at each call: course is built after vod */
  periods: () => PlayablePeriods;
}
export type VodServices = ReturnType<typeof registerVod>;

/** Videos: the transcode job, signed HLS playback, and the chunked upload. */
export function registerVod({ on, p, http }: ModuleContext, { users, periods }: VodDeps) {
  const vod = new VodService(p);
  vod.registerJobs();
  const playable: PlayablePeriods = {
    playablePeriod: (siteId, userId, periodId) => periods().playablePeriod(siteId, userId, periodId),
  };
  const vodPlay = new VodPlayService(p, vod, playable, users);
  const videoUploads = new VideoUploadService(p, vod, users);
  videoUploads.registerJobs();
  vodRoutes(on, vodPlay);
  vodMediaRoutes(http, vodPlay);
  uploadRoutes(on, videoUploads);
  return { vod, vodPlay, videoUploads };
}
