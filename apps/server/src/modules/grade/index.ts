import type { ModuleContext } from '../module.ts';
import { GradeService, type GradeDeps } from './grade.service.ts';
import { GradeMemberService } from './grade-member.service.ts';
import { GradeImportService } from './grade-import.service.ts';
import { GradeSummaryService } from './grade-summary.service.ts';
import { gradeRoutes } from './grade.routes.ts';

export type { GradeDeps };
export type GradeServices = ReturnType<typeof registerGrade>;

/**
 * Classes (班级): teachers' classes, their members, applications and courses, the summary of members' progress,
 * and `access`, the class side of the entitlement service (given to course by the wiring).
 */
export function registerGrade({ on, p }: ModuleContext, deps: GradeDeps) {
  const grades = new GradeService(p, deps);
  const members = new GradeMemberService(p, grades);
  const imports = new GradeImportService(grades, members);
  const summaries = new GradeSummaryService(p, grades);
  gradeRoutes(on, { grades, members, imports, summaries }, p.config.publicUrl);
  return { grades, gradeMembers: members, access: grades };
}
