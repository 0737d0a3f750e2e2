import { Link } from '../../components/link.tsx';
import type { Route } from './+types/explain.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { loadAttemptResult } from '../../features/exam/paper-load.ts';
import { answeredWrong, reviewItems, ReviewProblem, ScoreCard, scoreOf } from '../../features/exam/result-review.tsx';
import { EXAM_RECORDS } from '../../features/exam/exam-paths.ts';
import '../../features/exam/exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadAttemptResult(args, EXAM_RECORDS);
}

/** /exam/explain?recordId=[&only=wrong] — the analysis of every problem (or only those answered wrong). */
export default function ExamExplain({ loaderData }: Route.ComponentProps) {
  const { result, onlyWrong } = loaderData;
  const scores = scoreOf(result);
  const all = reviewItems(result);
  const items = onlyWrong ? all.filter(answeredWrong) : all;
  return (
    <div className="qk-container qk-page">
      <PageMeta title={`试卷解析 - ${result.examName}`} />
      <ScoreCard r={result}>
        <Link className="qk-exam-btn" to={`/exam/result?recordId=${result.recordId}`}>
          成绩单
        </Link>
      </ScoreCard>
      <nav className="qk-exam-switch" aria-label="解析范围">
        <Link to={`/exam/explain?recordId=${result.recordId}`} className={onlyWrong ? undefined : 'is-active'}>
          全部解析（{all.length}）
        </Link>
        <Link
          to={`/exam/explain?recordId=${result.recordId}&only=wrong`}
          className={onlyWrong ? 'is-active' : undefined}
        >
          只看错题（{all.filter(answeredWrong).length}）
        </Link>
      </nav>
      <section className="qk-exam-section">
        {items.length === 0 ? (
          <EmptyState text="没有答错的题，继续保持！" />
        ) : (
          items.map((it, i) => (
            <ReviewProblem
              key={it.problem.id}
              item={it}
              recordId={result.recordId}
              maxScore={scores.get(it.problem.id) ?? 0}
              showMaterial={Boolean(it.material) && items[i - 1]?.material?.id !== it.material?.id}
            />
          ))
        )}
      </section>
    </div>
  );
}
