import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import {
  GradeRelation,
  gradeCoursePage,
  gradeInfoView,
  gradeViewPublic,
  type TGrade,
  type TGradeCourse,
} from '#contract/grade.ts';
import { gradeExamList, type TGradeExam } from '#contract/grade-exam.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { tokenOf } from '../../lib/session.ts';
import type { LoaderArgsLike } from '../../lib/session-load.ts';

/**
 * A class page's data, on the PC site and on H5: the class as the reader sees it (with their relation to it when
 * signed in) and, for its members and teacher, its courses; for its learners, its class exams. A missing or disbanded class is a 404.
 */
export async function loadGradeView({ request, context }: LoaderArgsLike, id: string | undefined) {
  const { transport } = context.get(serverContext);
  if (!id || !isId(id)) throw data(null, { status: 404 });
  const missing = (err: unknown) => {
    if (err instanceof ApiError && err.refused) throw data(null, { status: 404 });
    throw err;
  };
  let grade: TGrade | undefined;
  if (tokenOf(request)) {
    grade = await callWith(transport, gradeInfoView, { id }).catch((err: unknown) => {
      // a dead session reads the public page
      if (err instanceof ApiError && err.needsLogin) return undefined;
      return missing(err);
    });
  }
  const signedIn = grade !== undefined;
  grade ??= await callWith(transport, gradeViewPublic, { id }).catch(missing);
  const courses: TGradeCourse[] =
    grade.myRole !== GradeRelation.NONE
      ? (await callWith(transport, gradeCoursePage, { gradeId: id, pageSize: 100 })).list
      : [];
  const learner = grade.myRole === GradeRelation.STUDENT || grade.myRole === GradeRelation.ADMIN;
  const exams: TGradeExam[] = learner
    ? (await callWith(transport, gradeExamList, { gradeId: id, pageSize: 100 })).list
    : [];
  return { grade, courses, signedIn, exams, learner };
}
