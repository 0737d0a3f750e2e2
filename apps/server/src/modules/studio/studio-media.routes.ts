import * as files from '#contract/studio-files.ts';
import * as pics from '#contract/studio-pics.ts';
import type { Router } from '../../platform/http/route.ts';
import type { StudioDocService } from './studio-doc.service.ts';
import type { StudioPicsService } from './studio-pics.service.ts';

/** Pictures of chapters and lessons, and a lesson's document, in drafts (and the published pictures). */
export function studioMediaRoutes(on: Router, s: { pics: StudioPicsService; docs: StudioDocService }): void {
  on(pics.chapterPicAuditList, ({ site, actor, body }) =>
    s.pics.chapterPics(site.id, actor.id, BigInt(body.chapterId)),
  );
  on(pics.chapterPicAuditSave, ({ site, actor, body }) =>
    s.pics.saveChapterPic(site.id, actor.id, BigInt(body.chapterId), body),
  );
  on(pics.chapterPicAuditDelete, ({ site, actor, body }) =>
    s.pics.remove(site.id, actor.id, BigInt(body.id), 'chapter'),
  );
  on(pics.periodPicAuditList, ({ site, actor, body }) => s.pics.periodPics(site.id, actor.id, BigInt(body.periodId)));
  on(pics.periodPicAuditSave, ({ site, actor, body }) =>
    s.pics.savePeriodPic(site.id, actor.id, BigInt(body.periodId), body),
  );
  on(pics.periodPicAuditDelete, ({ site, actor, body }) => s.pics.remove(site.id, actor.id, BigInt(body.id), 'period'));
  on(pics.coursePicList, ({ site, body }) => s.pics.published(site.id, BigInt(body.courseId)));

  on(files.periodDocView, ({ site, actor, body }) => s.docs.view(site.id, actor.id, BigInt(body.periodId)));
  on(files.periodDocSave, ({ site, actor, req }) => s.docs.save(site.id, actor.id, req));
  on(files.periodDocDelete, ({ site, actor, body }) => s.docs.remove(site.id, actor.id, BigInt(body.periodId)));
}
