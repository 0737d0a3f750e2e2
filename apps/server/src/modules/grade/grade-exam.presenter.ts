import { gradeExamStateName, type TGradeExam } from '#contract/grade-exam.ts';
import { formatTime } from '../../platform/time.ts';
import type { GradeExamRow } from './grade-exam.repo.ts';
import { stateOf } from './grade-exam.policy.ts';

export interface PaperBrief {
  examName: string;
  answerTime: number;
  totalScore: number;
  passScore: number;
}

/** The member's side of one class exam; all zero for the teacher. */
export interface MyPart {
  myAttemptCount: number;
  myRecordId: string;
  myBestScore: number;
  myLastRecordId: string;
  myCanBegin: number;
  myReason: string;
  myCompensateStatus: number;
  myAnswersShown: number;
}
export const NOBODY: MyPart = {
  myAttemptCount: 0,
  myRecordId: '',
  myBestScore: -1,
  myLastRecordId: '',
  myCanBegin: 0,
  myReason: '',
  myCompensateStatus: 0,
  myAnswersShown: 0,
};

export function presentGradeExam(
  e: GradeExamRow,
  paper: PaperBrief | undefined,
  counts: { submittedCount: number; waitMarkCount: number },
  my: MyPart,
  now = Date.now(),
): TGradeExam {
  const state = stateOf(e, now);
  return {
    id: String(e.id),
    gradeId: String(e.gradeId),
    examId: String(e.examId),
    // a paper withdrawn altogether since: the class exam stays listed so the teacher can delete it
    examName: paper?.examName ?? '试卷已下线',
    answerTime: paper?.answerTime ?? 0,
    paperTotalScore: paper?.totalScore ?? 0,
    passScore: paper?.passScore ?? 0,
    beginTime: formatTime(e.beginTime),
    endTime: formatTime(e.endTime),
    attemptLimit: e.attemptLimit,
    isShowAnswer: e.isShowAnswer,
    state,
    stateName: gradeExamStateName[state] ?? '',
    ...counts,
    ...my,
  };
}
