import { gradeAnswerSave, gradeExamRelationContinue, gradeExamRelationSubmit } from '#contract/grade-exam.ts';
import type { AttemptCalls } from '../exam/use-attempt.ts';

/** Where a class exam's pages live. */
export const gradeResultUrl = (q: { recordId?: string; gradeExamId?: string }) =>
  q.recordId ? `/exam/gradeResult?recordId=${q.recordId}` : `/exam/gradeResult?gradeExamId=${q.gradeExamId}`;
export const gradeAttemptUrl = (recordId: string, gradeExamId: string) =>
  `/exam/exam?recordId=${recordId}&gradeExamId=${gradeExamId}`;
export const gradeExplainUrl = (recordId: string, onlyWrong = false) =>
  `/exam/gradeExplain?recordId=${recordId}${onlyWrong ? '&only=wrong' : ''}`;
/** The same pages on the H5 site. */
export const h5GradeResultUrl = (q: { recordId?: string; gradeExamId?: string }) => `/h5${gradeResultUrl(q)}`;
export const h5GradeAttemptUrl = (recordId: string, gradeExamId: string) =>
  `/h5${gradeAttemptUrl(recordId, gradeExamId)}`;
export const h5GradeExplainUrl = (recordId: string, onlyWrong = false) => `/h5${gradeExplainUrl(recordId, onlyWrong)}`;

/** A class exam's attempt on the attempt page: the class's calls, which check the membership on each. */
export const GRADE_ATTEMPT_CALLS: AttemptCalls = {
  resume: gradeExamRelationContinue,
  save: gradeAnswerSave,
  finish: gradeExamRelationSubmit,
  resultUrl: (recordId) => gradeResultUrl({ recordId }),
};
