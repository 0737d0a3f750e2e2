import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import { categoryList } from '#contract/exam.ts';
import { exerciseListForPage, practiceList, practiceView } from '#contract/exam-practice.ts';
import { pageLoad, requireUser, type LoaderArgsLike } from '../../lib/session-load.ts';

/**
 * 随堂练习, read the same way by the PC page and its H5 twin: a practice set by its id, a lesson's exercises by
 * `?periodId=`, or, with neither, the subjects to draw a new set from and my latest sets.
 */
export async function loadExercise(args: LoaderArgsLike & { params: { id?: string } }) {
  await requireUser(args);
  const id = args.params.id ?? '';
  const periodId = new URL(args.request.url).searchParams.get('periodId') ?? '';
  if (id) {
    if (!isId(id)) throw data(null, { status: 404 });
    return { kind: 'practice' as const, practice: await pageLoad(args, practiceView, { id }) };
  }
  if (periodId) {
    if (!isId(periodId)) throw data(null, { status: 404 });
    return {
      kind: 'lesson' as const,
      periodId,
      page: await pageLoad(args, exerciseListForPage, { periodId, pageCurrent: 1, pageSize: 50 }),
    };
  }
  const [categories, mine] = await Promise.all([
    pageLoad(args, categoryList),
    pageLoad(args, practiceList, { pageCurrent: 1, pageSize: 10 }),
  ]);
  return { kind: 'new' as const, categories, mine };
}
