import type { Route } from './+types/attempt.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { attemptIdOf } from '../../features/exam/paper-load.ts';
import { AttemptPage } from '../../features/exam/attempt-page.tsx';
import { EXAM_RECORDS } from '../../features/exam/exam-paths.ts';
import { GRADE_ATTEMPT_CALLS } from '../../features/grade/grade-exam-calls.ts';
import '../../features/exam/exam.css';

export async function loader(args: Route.LoaderArgs) {
  const recordId = await attemptIdOf(args, EXAM_RECORDS);
  // an attempt of a class exam goes through the class's calls
  return { recordId, held: new URL(args.request.url).searchParams.has('gradeExamId') };
}

/**
 * /exam/exam?recordId= — the answering page. The attempt is loaded in the browser, not in the loader, so the
 * countdown starts from the server's remaining seconds at the moment they arrive.
 */
export default function ExamAttempt({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageMeta title="在线考试" />
      <AttemptPage recordId={loaderData.recordId} calls={loaderData.held ? GRADE_ATTEMPT_CALLS : undefined} />
    </>
  );
}
