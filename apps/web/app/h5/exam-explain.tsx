import { Link } from '../components/link.tsx';
import type { Route } from './+types/exam-explain.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadAttemptResult } from '../features/exam/paper-load.ts';
import { answeredWrong, reviewItems, ReviewSections, scoreOf } from '../features/exam/result-review.tsx';
import { H5ExplainSwitch } from './explain-switch.tsx';
import { H5Header } from './h5-frame.tsx';
import { explainPath } from './h5-links.ts';
import '../features/exam/exam.css';
import './h5-exam.css';
import { H5_EXAM_RECORDS } from '../features/exam/exam-paths.ts';

export function loader(args: Route.LoaderArgs) {
  return loadAttemptResult(args, H5_EXAM_RECORDS);
}

/**
 * /h5/exam/explain?recordId=[&only=wrong] — a finished attempt problem by problem: my answer, the right answer and
 * the analysis (the PC explanation page's pieces); `only=wrong` keeps the problems answered wrong.
 */
export default function H5ExamExplain({ loaderData }: Route.ComponentProps) {
  const { result, onlyWrong } = loaderData;
  const all = reviewItems(result);
  const items = onlyWrong ? all.filter(answeredWrong) : all;
  return (
    <div className="h5-exam-result">
      <PageMeta title={`试卷解析 - ${result.examName}`} />
      <H5Header title="试卷解析" />
      <section className="h5-section h5-explain__head">
        <h1>{result.examName}</h1>
        <p className="h5-muted">
          得分 {result.totalScore} / {result.paperTotalScore}
          {result.status === 2 ? `，${result.waitMarkCount} 道主观题待批阅` : ''} ·{' '}
          <Link to={`/h5/exam/result?recordId=${result.recordId}`}>成绩单</Link>
        </p>
      </section>
      <H5ExplainSwitch
        all={all.length}
        wrong={all.filter(answeredWrong).length}
        onlyWrong={onlyWrong}
        pathOf={(only) => explainPath(result.recordId, only)}
      />
      {items.length === 0 ? (
        <p className="h5-empty">没有答错的题，继续保持！</p>
      ) : (
        <ReviewSections sections={result.sections} items={items} recordId={result.recordId} scores={scoreOf(result)} />
      )}
    </div>
  );
}
