import { GradeExamState, type TGradeExam } from '#contract/grade-exam.ts';

/** A class page's exams in the order a member looks for them: open, upcoming, closed. */
export const GRADE_EXAM_GROUPS = [
  { state: GradeExamState.OPEN, title: '进行中' },
  { state: GradeExamState.UPCOMING, title: '未开始' },
  { state: GradeExamState.CLOSED, title: '已结束' },
] as const;

/** When a class exam is open, how long and how much it is, the attempts it allows and what I made of them. */
export function gradeExamFacts(e: TGradeExam): string {
  const mine = e.myAttemptCount > 0 ? ` · 已考 ${e.myAttemptCount} 次，最高 ${e.myBestScore} 分` : '';
  return (
    `${e.beginTime.slice(0, 16)} 至 ${e.endTime.slice(0, 16)} · 时长 ${e.answerTime} 分钟 · ` +
    `满分 ${e.paperTotalScore} 分 · 可考 ${e.attemptLimit} 次${mine}`
  );
}
