import { CompensateStatus, GradeExamState, NOT_A_MEMBER } from '#contract/grade-exam.ts';
import { GradeRelation } from '#contract/grade.ts';
import { fail } from '../../platform/http/errors.ts';
import { formatTime } from '../../platform/time.ts';

interface Window {
  beginTime: Date;
  endTime: Date;
  attemptLimit: number;
  isShowAnswer: number;
}
interface Compensation {
  compensateStatus: number;
  compensateEndTime: Date | null;
  extraAttempts: number;
}

export function stateOf(e: Window, now = Date.now()): number {
  if (now < e.beginTime.getTime()) return GradeExamState.UPCOMING;
  if (now > e.endTime.getTime()) return GradeExamState.CLOSED;
  return GradeExamState.OPEN;
}

/** A compensation the member has not used yet and whose time has not run out. */
export function reopened(rel: Compensation | undefined, now = Date.now()): boolean {
  return (
    rel?.compensateStatus === CompensateStatus.REOPENED &&
    rel.compensateEndTime !== null &&
    rel.compensateEndTime.getTime() > now
  );
}

/** Members sit class exams; the teacher, a stranger or a former member gets the same refusal. */
export function mustBeMember(relation: number): void {
  if (relation !== GradeRelation.STUDENT && relation !== GradeRelation.ADMIN) throw fail(NOT_A_MEMBER);
}

/**
 * Why this member cannot begin a new attempt now, or ''. Inside the window while attempts remain; a compensation
 * opens one more attempt until its own time, before, during or after the window. A class past its end opens nothing.
 */
export function beginRefusal(
  e: Window,
  o: { gradeEnd: Date; handedIn: number; rel: Compensation | undefined; now?: number },
): string {
  const now = o.now ?? Date.now();
  if (o.gradeEnd.getTime() < now) return '班级已结束，不能再参加考试';
  const limit = e.attemptLimit + (o.rel?.extraAttempts ?? 0);
  if (!reopened(o.rel, now)) {
    const state = stateOf(e, now);
    if (state === GradeExamState.UPCOMING) return `考试尚未开始，开始时间 ${formatTime(e.beginTime)}`;
    if (state === GradeExamState.CLOSED) return '考试已结束，如需补考请联系班主任';
  }
  if (o.handedIn >= limit) return `本场考试最多可考 ${limit} 次，您的次数已用完`;
  return '';
}

/** The latest a new attempt may run: the window's end (or the compensation's, if later), never past the class's. */
export function attemptUntil(e: Window, gradeEnd: Date, rel: Compensation | undefined, now = Date.now()): Date {
  const end = reopened(rel, now)
    ? Math.max(e.endTime.getTime(), rel!.compensateEndTime!.getTime())
    : e.endTime.getTime();
  return new Date(Math.min(end, gradeEnd.getTime()));
}

/**
 * Right answers and explanations: always for the teacher; for a member when the teacher allows it after handing
 * in, or once the window has closed, but not while a compensation lets them sit it again.
 */
export function answersShown(e: Window, rel: Compensation | undefined, now = Date.now()): boolean {
  if (reopened(rel, now)) return false;
  return e.isShowAnswer === 1 || stateOf(e, now) === GradeExamState.CLOSED;
}

/** 1 + how many others did better; ties share a rank. 0 for no score. */
export function rankOf(mine: number | undefined, bests: number[]): number {
  if (mine === undefined) return 0;
  return 1 + bests.filter((b) => b > mine).length;
}
