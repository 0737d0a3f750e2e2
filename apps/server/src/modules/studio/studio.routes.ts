import * as c from '#contract/studio.ts';
import * as files from '#contract/studio-files.ts';
import * as a from '#contract/studio-admin.ts';
import { courseVodUpload } from '#contract/upload.ts';
import * as learn from '#contract/studio-learners.ts';
import type { Router } from '../../platform/http/route.ts';
import type { StudioService } from './studio.service.ts';
import type { StudioOutlineService } from './studio-outline.service.ts';
import type { StudioAuditService } from './studio-audit.service.ts';
import type { StudioAccessoryService } from './studio-accessory.service.ts';
import type { StudioLearnerService } from './studio-learners.service.ts';

export interface StudioServices {
  studio: StudioService;
  outline: StudioOutlineService;
  audit: StudioAuditService;
  accessories: StudioAccessoryService;
  learners: StudioLearnerService;
}

export function studioRoutes(on: Router, { studio, outline, audit, accessories, learners }: StudioServices): void {
  on(c.courseAuditList, ({ site, actor, body }) => studio.list(site.id, actor.id, body));
  on(c.courseAuditSave, ({ site, actor, body }) => studio.save(site.id, actor.id, body));
  on(c.courseAuditView, ({ site, actor, body }) => studio.view(site.id, actor.id, BigInt(body.id)));
  on(c.courseAuditUpdate, ({ site, actor, body }) => studio.update(site.id, actor.id, BigInt(body.id), body));
  on(c.courseAuditDelete, ({ site, actor, body }) => studio.remove(site.id, actor.id, BigInt(body.id)));
  on(c.courseAuditStand, ({ site, actor, body }) => studio.stand(site.id, actor.id, BigInt(body.id), body.isPutaway));
  on(c.courseAuditSubmit, ({ site, actor, body }) => studio.submit(site.id, actor.id, BigInt(body.id)));
  on(c.courseAuditPreview, ({ site, actor, body }) => studio.previewDraft(site.id, actor.id, BigInt(body.id)));

  on(c.chapterAuditList, ({ site, actor, body }) => outline.outline(site.id, actor.id, BigInt(body.courseId)));
  on(c.chapterAuditSave, ({ site, actor, body }) =>
    outline.saveChapter(site.id, actor.id, BigInt(body.courseId), body),
  );
  on(c.chapterAuditUpdate, ({ site, actor, body }) => outline.updateChapter(site.id, actor.id, BigInt(body.id), body));
  on(c.chapterAuditDelete, ({ site, actor, body }) => outline.removeChapter(site.id, actor.id, BigInt(body.id)));
  on(c.chapterAuditSort, ({ site, actor, body }) =>
    outline.sortChapters(site.id, actor.id, BigInt(body.courseId), body.ids),
  );
  on(c.periodAuditList, ({ site, actor, body }) => outline.periods(site.id, actor.id, BigInt(body.chapterId)));
  on(c.periodAuditSave, ({ site, actor, body }) => outline.savePeriod(site.id, actor.id, BigInt(body.chapterId), body));
  on(c.periodAuditUpdate, ({ site, actor, body }) => outline.updatePeriod(site.id, actor.id, BigInt(body.id), body));
  on(c.periodAuditDelete, ({ site, actor, body }) => outline.removePeriod(site.id, actor.id, BigInt(body.id)));
  on(c.periodAuditSort, ({ site, actor, body }) =>
    outline.sortPeriods(site.id, actor.id, BigInt(body.chapterId), body.ids),
  );
  on(files.periodVideoView, ({ site, actor, body }) => outline.periodVideo(site.id, actor.id, BigInt(body.periodId)));
  on(files.periodVideoSave, ({ site, actor, body }) =>
    outline.setPeriodVideo(site.id, actor.id, BigInt(body.periodId), body.videoId),
  );
  on(files.courseVideoList, ({ site, actor, body }) => outline.videos(site.id, actor.id, body));
  on(files.courseVideoChapter, ({ site, actor, body }) => outline.outline(site.id, actor.id, BigInt(body.courseId)));
  on(files.courseVideoRef, ({ site, actor, body }) => outline.videoRefs(site.id, actor.id, BigInt(body.id)));
  on(courseVodUpload, ({ site, actor, req }) => outline.uploadVideo(site.id, actor.id, req));
  on(files.courseVideoDelete, ({ site, actor, body }) => outline.removeVideo(site.id, actor.id, BigInt(body.id)));
  on(files.accessoryList, ({ site, actor, body }) => accessories.list(site.id, actor.id, BigInt(body.courseId)));
  on(files.accessorySave, ({ site, actor, req }) => accessories.save(site.id, actor.id, req));
  on(files.accessoryDelete, ({ site, actor, body }) => accessories.remove(site.id, actor.id, BigInt(body.id)));
  on(a.courseAuditChanges, ({ site, actor, body }) => audit.ownChanges(site.id, actor.id, BigInt(body.id)));
  on(learn.courseLearnerCoursePage, ({ site, actor, body }) => learners.coursePage(site.id, actor.id, body));
  on(learn.courseLearnerPage, ({ site, actor, body }) => learners.learnerPage(site.id, actor.id, body));

  on(a.adminCourseAuditPage, ({ site, body }) => audit.page(site.id, body));
  on(a.adminCourseAuditView, ({ site, body }) => audit.view(site.id, BigInt(body.id)));
  on(a.adminCourseAuditPeriodPlay, ({ site, actor, body }) => audit.playPeriod(site.id, actor, BigInt(body.periodId)));
  on(a.adminCourseAudit, ({ site, body }) =>
    audit.decide(site.id, BigInt(body.id), body.auditStatus, body.auditOpinion),
  );
}
