import { Link } from '../../components/link.tsx';
import type { Route } from './+types/grade-result.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { reviewItems, ReviewSections, ScoreCard, scoreOf, AnswerSheet } from '../../features/exam/result-review.tsx';
import { gradeExplainUrl, gradeResultUrl } from '../../features/grade/grade-exam-calls.ts';
import { GradeRank } from '../../features/grade/grade-rank.tsx';
import { loadGradeResult } from '../../features/grade/grade-result-load.ts';
import '../../features/exam/exam.css';
import '../../features/grade/grade.css';

export function loader(args: Route.LoaderArgs) {
  return loadGradeResult(args, '/account/grades/my');
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
          <Link className="qk-exam-btn qk-exam-btn--primary" to={gradeExplainUrl(view.recordId)}>
            查看解析
          </Link>
        ) : null}
      </ScoreCard>
      <GradeRank
        score={score}
        shownRecordId={view.recordId}
        answersShown={shown}
        resultPath={(recordId) => gradeResultUrl({ recordId })}
      />
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
