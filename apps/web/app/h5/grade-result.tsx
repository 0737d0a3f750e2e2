import { Link } from '../components/link.tsx';
import type { Route } from './+types/grade-result.ts';
import { PageMeta } from '../components/page-meta.tsx';
import {
  answeredWrong,
  AnswerSheet,
  reviewItems,
  ReviewSections,
  ScoreCard,
  scoreOf,
} from '../features/exam/result-review.tsx';
import { h5GradeExplainUrl, h5GradeResultUrl } from '../features/grade/grade-exam-calls.ts';
import { GradeRank } from '../features/grade/grade-rank.tsx';
import { loadGradeResult } from '../features/grade/grade-result-load.ts';
import { H5Header } from './h5-frame.tsx';
import '../features/exam/exam.css';
import '../features/grade/grade.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadGradeResult(args, '/h5/account/grades');
}

/**
 * /h5/exam/gradeResult?gradeExamId= or ?recordId= — a class exam's result on a phone: the score, the rank in the
 * class and every attempt, the answer sheet; the explanations a tap away once the teacher shows them.
 */
export default function H5GradeResult({ loaderData }: Route.ComponentProps) {
  const { score, view } = loaderData;
  const { exam } = score;
  const back = { to: `/h5/grade/view/${exam.gradeId}`, label: '返回班级' };
  if (!view)
    return (
      <>
        <PageMeta title={`班级考试结果 - ${exam.examName}`} />
        <H5Header title="班级考试结果" />
        <div className="h5-empty">
          <p>您还没有交过《{exam.examName}》的答卷</p>
          <Link className="h5-button h5-button--primary" to={back.to}>
            {back.label}
          </Link>
        </div>
      </>
    );
  const items = reviewItems(view);
  const wrong = items.filter(answeredWrong).length;
  const shown = view.answersShown === 1;
  return (
    <div className="h5-exam-result">
      <PageMeta title={`班级考试结果 - ${view.examName}`} />
      <H5Header title="班级考试结果" />
      <ScoreCard r={view} back={back}>
        {shown ? (
          <Link className="qk-exam-btn qk-exam-btn--primary" to={h5GradeExplainUrl(view.recordId)}>
            查看解析
          </Link>
        ) : null}
        {shown && wrong > 0 ? (
          <Link className="qk-exam-btn" to={h5GradeExplainUrl(view.recordId, true)}>
            只看错题（{wrong}）
          </Link>
        ) : null}
      </ScoreCard>
      <GradeRank
        score={score}
        shownRecordId={view.recordId}
        answersShown={shown}
        resultPath={(recordId) => h5GradeResultUrl({ recordId })}
      />
      {shown ? (
        <AnswerSheet items={items} page={h5GradeExplainUrl(view.recordId)} />
      ) : (
        <>
          <AnswerSheet items={items} />
          {/* the keys wait for the exam's end: my own answers meanwhile */}
          <ReviewSections
            sections={view.sections}
            items={items}
            recordId={view.recordId}
            scores={scoreOf(view)}
            keysShown={false}
          />
        </>
      )}
    </div>
  );
}
