import { useNavigate } from 'react-router';
import { gradeExamRelationBegin, type TGradeExam } from '#contract/grade-exam.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';

/**
 * 开始 / 再考一次 of a class exam: the attempt begun (the class's call checks the membership, the window and the
 * attempts left), then its page (`attemptPath`); a refusal is kept in `error` for the section to say.
 */
export function useBeginGradeExam(attemptPath: (recordId: string, gradeExamId: string) => string) {
  const navigate = useNavigate();
  const { run, pending, error } = useAction();
  async function begin(e: TGradeExam) {
    const a = await run(() => api(gradeExamRelationBegin, { gradeExamId: e.id }));
    if (a) await navigate(attemptPath(a.recordId, e.id));
  }
  return { begin, pending, error };
}
