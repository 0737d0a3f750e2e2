import * as c from '#contract/lecturer.ts';
import type { Router } from '../../platform/http/route.ts';
import type { LecturerService } from './lecturer.service.ts';
import type { LecturerAdminService } from './lecturer-admin.service.ts';

export function lecturerRoutes(on: Router, lecturers: LecturerService, admin: LecturerAdminService): void {
  on(c.lecturerAuditApply, ({ site, actor, body }) => lecturers.apply(site.id, actor.id, body));
  on(c.lecturerAuditView, ({ site, actor }) => lecturers.auditView(site.id, actor.id));
  on(c.lecturerAuditUpdate, ({ site, actor, body }) => lecturers.auditUpdate(site.id, actor.id, body));
  on(c.lecturerApplyLive, ({ site, actor, body }) => lecturers.applyLive(site.id, actor.id, body.reason));
  on(c.lecturerSelfView, ({ site, actor }) => lecturers.selfView(site.id, actor.id));
  on(c.attentionSave, ({ site, actor, body }) => lecturers.follow(site.id, actor.id, body.lecturerId));
  on(c.attentionDelete, ({ site, actor, body }) => lecturers.unfollow(site.id, actor.id, body.lecturerId));
  on(c.attentionList, ({ site, actor, body }) => lecturers.following(site.id, actor.id, body));
  on(c.attentionCheck, ({ site, actor, body }) => lecturers.isFollowing(site.id, actor.id, body.lecturerId));
  on(c.lecturerPublicView, ({ site, body }) => lecturers.publicView(site.id, body.id));
  on(c.lecturerPublicList, ({ site, body }) => lecturers.publicList(site.id, body));

  on(c.adminLecturerAuditPage, ({ site, body }) => admin.auditPage(site.id, body));
  on(c.adminLecturerAuditView, ({ site, body }) => admin.auditView(site.id, body.id));
  on(c.adminLecturerAudit, ({ site, actor, body }) =>
    admin.audit(site.id, actor.id, body.id, body.auditStatus, body.auditOpinion),
  );
  on(c.adminLecturerPage, ({ site, body }) => admin.lecturerPage(site.id, body));
  on(c.adminLecturerLiveAudit, ({ site, body }) =>
    admin.liveAudit(site.id, body.id, body.auditStatus, body.auditOpinion),
  );
}
