import { data, redirect } from 'react-router';
import { isId } from '#contract/call.ts';
import { gradeAnswerView, gradeExamRelationScore } from '#contract/grade-exam.ts';
import { pageLoad, requireUser, type LoaderArgsLike } from '../../lib/session-load.ts';

/**
 * A member's result of a class exam, by `?recordId=` or `?gradeExamId=` (the attempt that counts), read the same way
 * by the PC page and its H5 twin: the score with the rank in class and every attempt, and the attempt's answers. An
 * address naming no class exam goes to `myClasses`, where each class lists its exams.
 */
export async function loadGradeResult(args: LoaderArgsLike, myClasses: string) {
  const q = new URL(args.request.url).searchParams;
  const recordId = q.get('recordId') ?? '';
  const gradeExamId = q.get('gradeExamId') ?? '';
  if (!recordId && !gradeExamId) throw redirect(myClasses);
  await requireUser(args);
  if ((recordId && !isId(recordId)) || (gradeExamId && !isId(gradeExamId))) throw data(null, { status: 404 });
  let view = recordId ? await pageLoad(args, gradeAnswerView, { recordId }) : null;
  const score = await pageLoad(args, gradeExamRelationScore, { gradeExamId: view?.gradeExamId ?? gradeExamId });
  if (!view && score.record) view = await pageLoad(args, gradeAnswerView, { recordId: score.record.recordId });
  return { score, view };
}

/** The explanations of a class exam's attempt (`?recordId=`, `&only=wrong`), for the PC page and its H5 twin. */
export async function loadGradeExplain(args: LoaderArgsLike, myClasses: string) {
  const url = new URL(args.request.url);
  const recordId = url.searchParams.get('recordId') ?? '';
  if (!recordId) throw redirect(myClasses);
  await requireUser(args);
  if (!isId(recordId)) throw data(null, { status: 404 });
  return {
    result: await pageLoad(args, gradeAnswerView, { recordId }),
    onlyWrong: url.searchParams.get('only') === 'wrong',
  };
}
