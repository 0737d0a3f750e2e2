import { Link } from '../components/link.tsx';
import type { Route } from './+types/grade-explain.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { answeredWrong, reviewItems, ReviewSections, scoreOf } from '../features/exam/result-review.tsx';
import { h5GradeExplainUrl, h5GradeResultUrl } from '../features/grade/grade-exam-calls.ts';
import { loadGradeExplain } from '../features/grade/grade-result-load.ts';
import { H5ExplainSwitch } from './explain-switch.tsx';
import { H5Header } from './h5-frame.tsx';
import '../features/exam/exam.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadGradeExplain(args, '/h5/account/grades');
}

/**
 * /h5/exam/gradeExplain?recordId=[&only=wrong] — a class exam's attempt problem by problem on a phone, once the
 * teacher shows the answers (after handing in, or after the exam has closed).
 */
export default function H5GradeExplain({ loaderData }: Route.ComponentProps) {
  const { result, onlyWrong } = loaderData;
  const all = reviewItems(result);
  const items = onlyWrong ? all.filter(answeredWrong) : all;
  return (
    <div className="h5-exam-result">
      <PageMeta title={`班级考试解析 - ${result.examName}`} />
      <H5Header title="班级考试解析" />
      <section className="h5-section h5-explain__head">
        <h1>{result.examName}</h1>
        <p className="h5-muted">
          得分 {result.totalScore} / {result.paperTotalScore} ·{' '}
          <Link to={h5GradeResultUrl({ recordId: result.recordId })}>成绩单</Link> ·{' '}
          <Link to={`/h5/grade/view/${result.gradeId}`}>返回班级</Link>
        </p>
      </section>
      {result.answersShown !== 1 ? (
        <p className="h5-empty">班主任设置了考试结束后公布答案与解析，请在考试结束后再来查看</p>
      ) : (
        <>
          <H5ExplainSwitch
            all={all.length}
            wrong={all.filter(answeredWrong).length}
            onlyWrong={onlyWrong}
            pathOf={(only) => h5GradeExplainUrl(result.recordId, only)}
          />
          {items.length === 0 ? (
            <p className="h5-empty">没有答错的题，继续保持！</p>
          ) : (
            <ReviewSections
              sections={result.sections}
              items={items}
              recordId={result.recordId}
              scores={scoreOf(result)}
            />
          )}
        </>
      )}
    </div>
  );
}
