import * as c from '#contract/grade.ts';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../platform/http/route.ts';
import { fail } from '../../platform/http/errors.ts';
import { originOf } from '../../platform/http/origin.ts';
import { sendFile, XLSX_TYPE } from '../../platform/http/download.ts';
import type { GradeService } from './grade.service.ts';
import type { GradeMemberService } from './grade-member.service.ts';
import type { GradeImportService } from './grade-import.service.ts';
import type { GradeSummaryService } from './grade-summary.service.ts';
import type { GradeHistoryService } from './grade-history.service.ts';

export interface GradeServices {
  grades: GradeService;
  members: GradeMemberService;
  imports: GradeImportService;
  summaries: GradeSummaryService;
  history: GradeHistoryService;
}

/** The upload's `gradeId` field (sent before the file) and the file, stopping at the size limit. */
async function readImport(req: FastifyRequest) {
  if (!req.isMultipart()) throw fail('请以 multipart/form-data 上传文件（字段 gradeId 与 file）');
  const part = await req.file({ limits: { fileSize: c.GRADE_LIMITS.importMaxBytes, files: 1 } });
  if (!part) return { gradeId: undefined, file: undefined };
  if (part.fieldname !== 'file') throw fail('上传字段应为 file');
  const field = part.fields.gradeId;
  const gradeId = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
  const bytes = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  });
  return { gradeId, file: { bytes: bytes ?? Buffer.alloc(0), truncated: bytes === null || part.file.truncated } };
}

export function gradeRoutes(
  on: Router,
  { grades, members, imports, summaries, history }: GradeServices,
  publicUrl?: string,
): void {
  on(c.gradeInfoSave, ({ site, actor, body }) => grades.create(site.id, actor.id, body));
  on(c.gradeInfoUpdate, ({ site, actor, body }) => grades.update(site.id, actor.id, BigInt(body.id), body));
  on(c.gradeInfoPage, ({ site, actor, body }) => grades.page(site.id, actor.id, body.scope, false, body));
  on(c.gradeExpireList, ({ site, actor, body }) => grades.page(site.id, actor.id, body.scope, true, body));
  on(c.gradeInfoView, ({ site, actor, body }) => grades.view(site.id, actor.id, BigInt(body.id)));
  on(c.gradeInfoShare, ({ site, actor, body, req }) =>
    grades.share(site.id, actor.id, BigInt(body.id), originOf(req, publicUrl)),
  );
  on(c.gradeInfoDisband, ({ site, actor, body }) => grades.disband(site.id, actor.id, BigInt(body.id)));
  on(c.gradeListPublic, ({ site, body }) => grades.publicPage(site.id, body));
  on(c.gradeViewPublic, ({ site, body }) => grades.view(site.id, null, BigInt(body.id)));

  on(c.gradeStudentJoin, ({ site, actor, body }) => members.join(site.id, actor.id, body));
  on(c.gradeStudentAdd, ({ site, actor, body }) => members.add(site.id, actor.id, BigInt(body.gradeId), body.mobile));
  on(c.gradeStudentImport, async ({ site, actor, req }) => {
    const { gradeId, file } = await readImport(req);
    return imports.import(site.id, actor.id, gradeId, file);
  });
  on(c.gradeStudentTemplate, async ({ reply }) =>
    sendFile(reply, await imports.template(), XLSX_TYPE, 'grade-students.xlsx'),
  );
  on(c.gradeStudentQuit, ({ site, actor, body }) => members.quit(site.id, actor.id, BigInt(body.gradeId)));
  on(c.gradeStudentKickOut, ({ site, actor, body }) => members.kick(site.id, actor.id, BigInt(body.id)));
  on(c.gradeStudentPage, ({ site, actor, body }) => members.students(site.id, actor.id, body));
  on(c.gradeStudentUpdateAdmin, ({ site, actor, body }) =>
    members.setRole(site.id, actor.id, BigInt(body.id), body.role),
  );

  on(c.gradeApplyPage, ({ site, actor, body }) => members.applies(site.id, actor.id, body));
  on(c.gradeApplyAudit, ({ site, actor, body }) =>
    members.audit(site.id, actor.id, BigInt(body.id), body.applyStatus, body.auditOpinion),
  );
  on(c.gradeApplyBatch, ({ site, actor, body }) =>
    members.batch(site.id, actor.id, body.ids, body.applyStatus, body.auditOpinion),
  );
  on(c.gradeApplyIgnore, ({ site, actor, body }) => members.ignore(site.id, actor.id, body.ids));

  on(c.gradeCourseSave, ({ site, actor, body }) =>
    grades.saveCourses(site.id, actor.id, BigInt(body.gradeId), body.courseIds),
  );
  on(c.gradeCoursePage, ({ site, actor, body }) => grades.coursePage(site.id, actor.id, BigInt(body.gradeId), body));
  on(c.courseGradeSave, ({ site, actor, body }) =>
    grades.addCourse(site.id, actor.id, BigInt(body.gradeId), BigInt(body.courseId)),
  );
  on(c.courseGradeCheck, ({ site, actor, body }) => grades.check(site.id, actor.id, BigInt(body.periodId)));

  on(c.gradeSummary, ({ site, actor, body }) => summaries.summary(site.id, actor.id, BigInt(body.gradeId), body));
  on(c.gradeSummaryHistory, ({ site, actor, body }) =>
    history.history(site.id, actor.id, BigInt(body.gradeId), body.days),
  );
  on(c.gradeSummaryExport, async ({ site, actor, body, reply }) =>
    sendFile(reply, await summaries.export(site.id, actor.id, BigInt(body.gradeId)), XLSX_TYPE, 'grade-summary.xlsx'),
  );
  on(c.gradeTips, ({ site, actor }) => grades.tips(site.id, actor.id));

  on(c.adminGradePage, ({ site, body }) => grades.adminPage(site.id, body));
  on(c.adminGradeDisband, ({ site, body }) => grades.disband(site.id, null, BigInt(body.id)));
}
