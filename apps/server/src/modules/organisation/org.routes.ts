import * as c from '#contract/organisation.ts';
import type { Router } from '../../platform/http/route.ts';
import type { OrgService } from './org.service.ts';

export function orgRoutes(on: Router, orgs: OrgService): void {
  on(c.orgCentreView, ({ site, actor }) => orgs.view(site.id, actor.id));
  on(c.orgProfileSave, ({ site, actor, body }) => orgs.saveProfile(site.id, actor.id, body));
  on(c.orgLecturerInvite, ({ site, actor, body }) => orgs.invite(site.id, actor.id, body.mobile, body.remark));
  on(c.orgLecturerPage, ({ site, actor, body }) => orgs.page(site.id, actor.id, body));
  on(c.orgRelationEnd, ({ site, actor, body }) => orgs.end(site.id, actor.id, body.id));
  on(c.orgInviteList, ({ site, actor }) => orgs.invitations(site.id, actor.id));
  on(c.orgInviteAnswer, ({ site, actor, body }) => orgs.answer(site.id, actor.id, body.id, body.accept === 1));
  on(c.orgCoursePage, ({ site, actor, body }) => orgs.courses(site.id, actor.id, body));
  on(c.orgGradePage, ({ site, actor, body }) => orgs.grades(site.id, actor.id, body));
  on(c.orgExamPage, ({ site, actor, body }) => orgs.exams(site.id, actor.id, body));
  on(c.orgSalePage, ({ site, actor, body }) => orgs.sales(site.id, actor.id, body));
  on(c.schoolProfileView, ({ site, body }) => orgs.school(site.id, body.id));
  on(c.schoolList, ({ site }) => orgs.schools(site.id));
  on(c.schoolCoursePage, ({ site, body }) => orgs.schoolCourses(site.id, body.id, body));
}
