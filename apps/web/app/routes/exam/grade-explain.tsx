import { Link } from '../../components/link.tsx';
import type { Route } from './+types/grade-explain.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { answeredWrong, reviewItems, ReviewProblem, ScoreCard, scoreOf } from '../../features/exam/result-review.tsx';
import { gradeExplainUrl, gradeResultUrl } from '../../features/grade/grade-exam-calls.ts';
import { loadGradeExplain } from '../../features/grade/grade-result-load.ts';
import '../../features/exam/exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadGradeExplain(args, '/account/grades/my');
}

/**
 * /exam/gradeExplain?recordId=[&only=wrong] — the explanations of a class exam's attempt, once the teacher allows
 * them after handing in, or after the exam has closed.
 */
export default function GradeExplain({ loaderData }: Route.ComponentProps) {
  const { result, onlyWrong } = loaderData;
  const back = { to: `/grade/view/${result.gradeId}`, label: '返回班级' };
  const scores = scoreOf(result);
  const all = reviewItems(result);
  const items = onlyWrong ? all.filter(answeredWrong) : all;
  return (
    <div className="qk-container qk-page">
      <PageMeta title={`班级考试解析 - ${result.examName}`} />
      <ScoreCard r={result} back={back}>
        <Link className="qk-exam-btn" to={gradeResultUrl({ recordId: result.recordId })}>
          成绩单
        </Link>
      </ScoreCard>
      {result.answersShown !== 1 ? (
        <section className="qk-exam-section">
          <EmptyState text="班主任设置了考试结束后公布答案与解析，请在考试结束后再来查看" />
        </section>
      ) : (
        <>
          <nav className="qk-exam-switch" aria-label="解析范围">
            <Link to={gradeExplainUrl(result.recordId)} className={onlyWrong ? undefined : 'is-active'}>
              全部解析（{all.length}）
            </Link>
            <Link to={gradeExplainUrl(result.recordId, true)} className={onlyWrong ? 'is-active' : undefined}>
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
        </>
      )}
    </div>
  );
}
