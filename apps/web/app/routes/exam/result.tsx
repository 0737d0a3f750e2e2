import { Link } from '../../components/link.tsx';
import type { Route } from './+types/result.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { loadAttemptResult } from '../../features/exam/paper-load.ts';
import { reviewItems, ReviewSections, ScoreCard, scoreOf, AnswerSheet } from '../../features/exam/result-review.tsx';
import { EXAM_RECORDS } from '../../features/exam/exam-paths.ts';
import '../../features/exam/exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadAttemptResult(args, EXAM_RECORDS);
}

/** /exam/result?recordId= — the score after submission, an answer sheet coloured by result, and every answer. */
export default function ExamResult({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const items = reviewItems(result);
  const scores = scoreOf(result);
  return (
    <div className="qk-container qk-page">
      <PageMeta title={`考试结果 - ${result.examName}`} />
      <ScoreCard r={result}>
        <Link className="qk-exam-btn qk-exam-btn--primary" to={`/exam/explain?recordId=${result.recordId}&only=wrong`}>
          查看错题解析
        </Link>
        <Link className="qk-exam-btn" to="/account/error/problem">
          错题本
        </Link>
      </ScoreCard>
      <AnswerSheet items={items} />
      <ReviewSections sections={result.sections} items={items} recordId={result.recordId} scores={scores} />
    </div>
  );
}
