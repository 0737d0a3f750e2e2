import * as c from '#contract/grade-exam.ts';
import type { Router } from '../../platform/http/route.ts';
import type { GradeExamService } from './grade-exam.service.ts';
import type { GradeExamAttemptService } from './grade-exam-attempt.service.ts';

/** Class exams: the teacher's assignments and marking, the members' attempts, the public check. */
export function gradeExamRoutes(on: Router, exams: GradeExamService, attempts: GradeExamAttemptService): void {
  on(c.gradeExamSave, ({ site, actor, body }) => exams.save(site.id, actor.id, body));
  on(c.gradeExamEdit, ({ site, actor, body }) => exams.edit(site.id, actor.id, body));
  on(c.gradeExamDel, ({ site, actor, body }) => exams.remove(site.id, actor.id, BigInt(body.id)));
  on(c.gradeExamList, ({ site, actor, body }) => exams.list(site.id, actor.id, BigInt(body.gradeId), body));
  on(c.gradeExamCheck, ({ site, body }) => exams.publicCheck(site.id, BigInt(body.gradeExamId)));

  on(c.gradeExamRelationPage, ({ site, actor, body }) => attempts.page(site.id, actor.id, body));
  on(c.gradeExamRelationAudit, ({ site, actor, body }) => attempts.audit(site.id, actor.id, body));
  on(c.gradeAnswerSysAudit, ({ site, actor, body }) => attempts.sysAudit(site.id, actor.id, body.recordId));
  on(c.gradeExamRelationSave, ({ site, actor, body }) => attempts.compensate(site.id, actor.id, body));

  on(c.gradeExamRelationCheck, ({ site, actor, body }) => attempts.check(site.id, actor.id, BigInt(body.gradeExamId)));
  on(c.gradeExamRelationBegin, ({ site, actor, body }) => attempts.begin(site.id, actor.id, BigInt(body.gradeExamId)));
  on(c.gradeExamRelationContinue, ({ site, actor, body }) => attempts.resume(site.id, actor.id, body.recordId));
  on(c.gradeAnswerSave, ({ site, actor, body }) => attempts.saveAnswer(site.id, actor.id, body));
  on(c.gradeExamRelationSubmit, ({ site, actor, body }) => attempts.submit(site.id, actor.id, body));
  on(c.gradeExamRelationScore, ({ site, actor, body }) =>
    attempts.score(site.id, actor.id, BigInt(body.gradeExamId), body.userId),
  );
  on(c.gradeAnswerView, ({ site, actor, body }) => attempts.answerView(site.id, actor.id, body.recordId));
}
