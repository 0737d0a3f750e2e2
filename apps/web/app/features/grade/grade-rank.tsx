import type { CallData } from '#contract/call.ts';
import type { gradeExamRelationScore } from '#contract/grade-exam.ts';
import { Link } from '../../components/link.tsx';

/**
 * A class exam's counted score and rank in the class, its window and rules, and each attempt a link to its result
 * (`resultPath`), the one shown marked: the same on the PC result page and its H5 twin.
 */
export function GradeRank({
  score,
  shownRecordId,
  answersShown,
  resultPath,
}: {
  score: CallData<typeof gradeExamRelationScore>;
  shownRecordId: string;
  answersShown: boolean;
  resultPath: (recordId: string) => string;
}) {
  const { exam } = score;
  return (
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
        {answersShown ? '答案与解析已开放' : '班主任设置了考试结束后公布答案与解析'}
      </p>
      {score.attempts.length > 1 ? (
        <ul className="qk-grade-attempts">
          {score.attempts.map((a, i) => (
            <li key={a.recordId}>
              <Link to={resultPath(a.recordId)}>
                第 {score.attempts.length - i} 次 · {a.submitTime} · {a.totalScore} 分
              </Link>
              {a.recordId === shownRecordId ? <span className="qk-muted">（当前）</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
