import { data, redirect } from 'react-router';
import { Link } from '../../components/link.tsx';
import { isId } from '#contract/call.ts';
import { gradeAnswerView, gradeExamRelationScore } from '#contract/grade-exam.ts';
import type { Route } from './+types/grade-result.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { pageLoad, requireUser } from '../../lib/session-load.ts';
import { reviewItems, ReviewSections, ScoreCard, scoreOf, AnswerSheet } from '../../features/exam/result-review.tsx';
import { gradeResultUrl } from '../../features/grade/grade-exam-calls.ts';
import '../../features/exam/exam.css';
import '../../features/grade/grade.css';

export async function loader(args: Route.LoaderArgs) {
  const q = new URL(args.request.url).searchParams;
  const recordId = q.get('recordId') ?? '';
  const gradeExamId = q.get('gradeExamId') ?? '';
  // an address naming no class exam: my classes, where each class lists its exams
  if (!recordId && !gradeExamId) throw redirect('/account/grades/my');
  await requireUser(args);
  if ((recordId && !isId(recordId)) || (gradeExamId && !isId(gradeExamId))) throw data(null, { status: 404 });
  let view = recordId ? await pageLoad(args, gradeAnswerView, { recordId }) : null;
  const score = await pageLoad(args, gradeExamRelationScore, { gradeExamId: view?.gradeExamId ?? gradeExamId });
  if (!view && score.record) view = await pageLoad(args, gradeAnswerView, { recordId: score.record.recordId });
  return { score, view };
}

/**
 * /exam/gradeResult?gradeExamId= or ?recordId= — a member's result of a class exam: the counted score, the rank in
 * the class, every attempt, and each question (with right answers only when the class exam shows them).
 */
export default function GradeResult({ loaderData }: Route.ComponentProps) {
  const { score, view } = loaderData;
  const { exam } = score;
  const back = { to: `/grade/view/${exam.gradeId}`, label: '返回班级' };
  if (!view)
    return (
      <div className="qk-container qk-page">
        <PageMeta title={`班级考试结果 - ${exam.examName}`} />
        <EmptyState text={`您还没有交过《${exam.examName}》的答卷`}>
          <Link className="qk-exam-btn qk-exam-btn--primary" to={back.to}>
            {back.label}
          </Link>
        </EmptyState>
      </div>
    );
  const items = reviewItems(view);
  const scores = scoreOf(view);
  const shown = view.answersShown === 1;
  return (
    <div className="qk-container qk-page">
      <PageMeta title={`班级考试结果 - ${view.examName}`} />
      <ScoreCard r={view} back={back}>
        {shown ? (
          <Link className="qk-exam-btn qk-exam-btn--primary" to={`/exam/gradeExplain?recordId=${view.recordId}`}>
            查看解析
          </Link>
        ) : null}
      </ScoreCard>
      <section className="qk-exam-box qk-grade-rank" data-testid="grade-rank">
        <h2>班级排名</h2>
        {score.rank > 0 ? (
          <p>
            计分成绩 <strong>{score.record?.totalScore}</strong> 分，班级第 <strong>{score.rank}</strong> 名（
            {score.rankedCount} 人已交卷，班级共 {score.memberCount} 人）
          </p>
        ) : (
          <p className="qk-muted">交卷后显示排名</p>
        )}
        <p className="qk-muted">
          开放时间 {exam.beginTime} 至 {exam.endTime} · 可考 {exam.attemptLimit} 次，以最高分计 ·{' '}
          {shown ? '答案与解析已开放' : '班主任设置了考试结束后公布答案与解析'}
        </p>
        {score.attempts.length > 1 ? (
          <ul className="qk-grade-attempts">
            {score.attempts.map((a, i) => (
              <li key={a.recordId}>
                <Link to={gradeResultUrl({ recordId: a.recordId })}>
                  第 {score.attempts.length - i} 次 · {a.submitTime} · {a.totalScore} 分
                </Link>
                {a.recordId === view.recordId ? <span className="qk-muted">（当前）</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <AnswerSheet items={items} />
      <ReviewSections
        sections={view.sections}
        items={items}
        recordId={view.recordId}
        scores={scores}
        keysShown={shown}
      />
    </div>
  );
}
