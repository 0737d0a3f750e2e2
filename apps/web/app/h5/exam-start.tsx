import { Link } from '../components/link.tsx';
import type { Route } from './+types/exam-start.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { ExamRules } from '../features/exam/exam-rules.tsx';
import { loadStart } from '../features/exam/paper-load.ts';
import { useStartExam } from '../features/exam/use-start-exam.ts';
import { H5Header } from './h5-frame.tsx';
import '../features/exam/exam.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadStart(args, '/h5/');
}

/** /h5/exam/startExam?id= — the paper's rules, confirmed before the server's clock starts. */
export default function H5ExamStart({ loaderData }: Route.ComponentProps) {
  const { paper } = loaderData;
  const { busy, error, start } = useStartExam(paper.id, '/h5/exam/exam');

  return (
    <>
      <PageMeta title={`考试须知 - ${paper.examName}`} />
      <H5Header title="考试须知" />
      <section className="h5-section h5-paper">
        <h1>{paper.examName}</h1>
        <p className="h5-muted">
          共 {paper.problemCount} 题 · 满分 {paper.totalScore} 分 · 及格 {paper.passScore} 分 · 答题时长{' '}
          {paper.answerTime} 分钟
        </p>
        <ExamRules answerTime={paper.answerTime} />
        {error ? (
          <p className="h5-notice" role="alert">
            {error}
          </p>
        ) : null}
      </section>
      <div className="h5-actionbar">
        <Link className="h5-button" to={`/h5/exam/view/${paper.id}`}>
          返回
        </Link>
        {paper.recordId ? (
          <Link className="h5-button h5-button--primary" to={`/h5/exam/exam?recordId=${paper.recordId}`}>
            继续考试
          </Link>
        ) : paper.canStart === 1 ? (
          <button type="button" className="h5-button h5-button--primary" disabled={busy} onClick={start}>
            {busy ? '正在准备试卷…' : '开始考试'}
          </button>
        ) : (
          <span className="h5-button is-disabled" aria-disabled="true">
            {paper.reason || '暂不能参加'}
          </span>
        )}
      </div>
    </>
  );
}
