import { Link } from '../components/link.tsx';
import type { Route } from './+types/exam-result.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadAttemptResult } from '../features/exam/paper-load.ts';
import { answeredWrong, AnswerSheet, reviewItems, ScoreCard } from '../features/exam/result-review.tsx';
import { H5Header } from './h5-frame.tsx';
import { explainPath } from './h5-links.ts';
import '../features/exam/exam.css';
import './h5-exam.css';
import { H5_EXAM_RECORDS } from '../features/exam/exam-paths.ts';

export function loader(args: Route.LoaderArgs) {
  return loadAttemptResult(args, H5_EXAM_RECORDS);
}

/**
 * /h5/exam/result?recordId= — the score and the answer sheet coloured by result; each number opens that problem's
 * explanation (/h5/exam/explain), where every answer is shown with its key and analysis.
 */
export default function H5ExamResult({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const items = reviewItems(result);
  const wrong = items.filter(answeredWrong).length;
  return (
    <div className="h5-exam-result">
      <PageMeta title={`考试结果 - ${result.examName}`} />
      <H5Header title="考试结果" />
      <ScoreCard r={result} back={{ to: `/h5/exam/view/${result.examId}`, label: '返回试卷' }}>
        <Link className="qk-exam-btn qk-exam-btn--primary" to={explainPath(result.recordId)}>
          查看解析
        </Link>
        {wrong > 0 ? (
          <Link className="qk-exam-btn" to={explainPath(result.recordId, true)}>
            只看错题（{wrong}）
          </Link>
        ) : null}
        <Link className="qk-exam-btn" to="/h5/account/error/problem">
          错题本
        </Link>
        <Link className="qk-exam-btn" to={H5_EXAM_RECORDS}>
          全部考试记录
        </Link>
      </ScoreCard>
      <AnswerSheet items={items} page={explainPath(result.recordId)} />
    </div>
  );
}
