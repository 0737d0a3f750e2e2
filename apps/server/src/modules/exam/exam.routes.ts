import * as c from '#contract/exam.ts';
import * as cp from '#contract/exam-paper.ts';
import * as centre from '#contract/exam-centre.ts';
import { adminCategory } from '#contract/exam-category.ts';
import type { Router } from '../../platform/http/route.ts';
import type { ExamServices } from './index.ts';

/** Categories (and their administration), the question bank, paper composition and audit, and the public paper centre. */
export function examRoutes(on: Router, s: ExamServices): void {
  const { categories, problems, papers, paperAudit, attempts, marking } = s;
  on(c.categoryList, ({ site }) => problems.categoryList(site.id));
  on(adminCategory.list, ({ site, body }) => categories.adminList(site.id, body.categoryType));
  on(adminCategory.save, ({ site, body }) => categories.save(site.id, body));
  on(adminCategory.update, ({ site, body }) => categories.update(site.id, body.id, body));
  on(adminCategory.delete, ({ site, body }) => categories.remove(site.id, body.id));

  on(c.problemList, ({ site, actor, body }) => problems.list(site.id, actor.id, body));
  on(c.problemSave, ({ site, actor, body }) => problems.save(site.id, actor.id, body));
  on(c.problemUpdate, ({ site, actor, body }) => problems.update(site.id, actor.id, body));
  on(c.problemDelete, ({ site, actor, body }) => problems.remove(site.id, actor.id, body.id));
  on(c.problemView, ({ site, actor, body }) => problems.view(site.id, actor.id, body.id));
  // the same call with the id in the query, as the contract allows
  on({ ...c.problemView, path: '/exam/auth/exam/problem/view' }, ({ site, actor, body }) =>
    problems.view(site.id, actor.id, body.id),
  );
  on(c.videoRef, ({ site, actor, body }) => problems.videoRef(site.id, actor.id, body.problemId, body.videoId));

  on(cp.paperAuditList, ({ site, actor, body }) => paperAudit.list(site.id, actor.id, body));
  on(cp.paperAuditSave, ({ site, actor, body }) => paperAudit.save(site.id, actor.id, body));
  on(cp.paperAuditUpdate, ({ site, actor, body }) => paperAudit.update(site.id, actor.id, body));
  on(cp.paperPutAway, ({ site, actor, body }) => paperAudit.putAway(site.id, actor.id, body.id, body.isPutAway));
  on(cp.paperRefSave, ({ site, actor, body }) => paperAudit.saveRefs(site.id, actor.id, body.examId, body.sections));
  on(cp.paperAutoRefSave, ({ site, actor, body }) => paperAudit.autoRefs(site.id, actor.id, body.examId, body.rules));
  on(cp.paperPreview, ({ site, actor, body }) => paperAudit.preview(site.id, actor.id, body.examId));
  on(cp.paperSubmitAudit, ({ site, actor, body }) => paperAudit.submit(site.id, actor.id, body.id));

  on(cp.adminPaperAuditPage, ({ site, body }) => paperAudit.adminPage(site.id, body));
  on(cp.adminPaperAuditView, ({ site, body }) => paperAudit.adminView(site.id, body.id));
  on(cp.adminPaperAudit, ({ site, body }) => paperAudit.audit(site.id, body.id, body.auditStatus, body.auditOpinion));

  on(centre.paperInfoList, ({ site, body }) => papers.list(site.id, body));
  on(centre.paperInfoView, ({ site, body }) => papers.detail(site.id, body.id));
  on(centre.paperSearchList, ({ site, body }) => papers.search(site.id, body));
  on(centre.paperRecommendList, ({ site, body }) => papers.recommend(site.id, body.subjectId, body.count));
  on(centre.paperUserView, ({ site, actor, body }) => attempts.userView(site.id, actor.id, body.id));
  on(centre.paperPublishedList, ({ site, actor, body }) => marking.publishedList(site.id, actor.id, body));
}
