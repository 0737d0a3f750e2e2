import type { ModuleContext } from '../module.ts';
import { GradeService, type GradeDeps } from './grade.service.ts';
import { GradeMemberService } from './grade-member.service.ts';
import { GradeImportService } from './grade-import.service.ts';
import { GradeSummaryService } from './grade-summary.service.ts';
import { GradeHistoryService } from './grade-history.service.ts';
import { GradeExamService, type GradeExamDeps } from './grade-exam.service.ts';
import { GradeExamAttemptService } from './grade-exam-attempt.service.ts';
import { gradeRoutes } from './grade.routes.ts';
import { gradeExamRoutes } from './grade-exam.routes.ts';

export type { GradeDeps, GradeExamDeps };
export type GradeServices = ReturnType<typeof registerGrade>;

/**
 * Classes (班级): teachers' classes, their members, applications, courses and exams, the summary of members'
 * progress and scores, `access`, the class side of the entitlement service (given to course by the wiring), and
 * `heldAnswers`, the class exams' rule on showing answers (given to exam by the wiring).
 */
export function registerGrade({ on, p }: ModuleContext, deps: GradeDeps & { exam: GradeExamDeps }) {
  const grades = new GradeService(p, deps);
  const members = new GradeMemberService(p, grades);
  const imports = new GradeImportService(grades, members);
  const summaries = new GradeSummaryService(p, grades);
  const history = new GradeHistoryService(p, grades, summaries);
  history.registerJobs();
  const exams = new GradeExamService(p, grades, deps.exam);
  const examAttempts = new GradeExamAttemptService(exams);
  grades.useExams(exams);
  gradeRoutes(on, { grades, members, imports, summaries, history }, p.config.publicUrl);
  gradeExamRoutes(on, exams, examAttempts);
  return {
    grades,
    gradeMembers: members,
    gradeHistory: history,
    gradeExams: exams,
    gradeExamAttempts: examAttempts,
    access: grades,
    heldAnswers: exams,
  };
}
