import type { ModuleContext } from '../module.ts';
import type { CourseService } from '../course/course.service.ts';
import type { CoursePublishService } from '../course/course-publish.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { VideoUploadService } from '../vod/upload.service.ts';
import type { VodService } from '../vod/vod.service.ts';
import type { VodPlayService } from '../vod/vod-play.service.ts';
import type { StudyService } from '../data/study.service.ts';
import type { LecturerService } from '../lecturer/lecturer.service.ts';
import { StudioAccess } from './studio-access.ts';
import { StudioAuditService } from './studio-audit.service.ts';
import { StudioAccessoryService } from './studio-accessory.service.ts';
import { StudioDocService } from './studio-doc.service.ts';
import { studioMediaRoutes } from './studio-media.routes.ts';
import { StudioPicsService } from './studio-pics.service.ts';
import { StudioLearnerService } from './studio-learners.service.ts';
import { StudioOutlineService } from './studio-outline.service.ts';
import { StudioPreview } from './studio-preview.ts';
import { StudioService } from './studio.service.ts';
import { studioRoutes } from './studio.routes.ts';

export interface StudioDeps {
  users: UserService;
  messages: MessageService;
  courses: CourseService;
  vod: VodService;
  /** signed playback, for the administrator watching a draft's lessons */
  player: VodPlayService;
  uploads: VideoUploadService;
  publisher: CoursePublishService;
  study: StudyService;
  /** who may author live courses */
  lecturers: LecturerService;
}

export type StudioServices = ReturnType<typeof registerStudio>;

/** Builds the lecturer studio and registers its calls; a ready video also updates the lesson drafts showing it. */
export function registerStudio({ on, p }: ModuleContext, d: StudioDeps) {
  const access = new StudioAccess(p, d.users);
  const preview = new StudioPreview(access.repo, d.courses);
  const services = {
    studio: new StudioService(access, d.courses, d.publisher, preview, d.lecturers),
    outline: new StudioOutlineService(access, d.vod, d.publisher, d.uploads),
    audit: new StudioAuditService(p, d.publisher, preview, d.users, d.messages, access, d.player),
    accessories: new StudioAccessoryService(p, access),
    learners: new StudioLearnerService(p, access, d.courses, d.study, d.users),
  };
  const media = {
    pics: new StudioPicsService(p, access, d.courses, d.publisher),
    docs: new StudioDocService(p, access, d.publisher),
  };
  d.vod.onVideoReady((siteId, videoId, durationSec) => services.outline.onVideoReady(siteId, videoId, durationSec));
  studioRoutes(on, services);
  studioMediaRoutes(on, media);
  return { ...services, ...media };
}
