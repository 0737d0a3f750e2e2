import { Link } from '../../components/link.tsx';
import type { Route } from './+types/start.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { ExamRules } from '../../features/exam/exam-rules.tsx';
import { loadStart } from '../../features/exam/paper-load.ts';
import { useStartExam } from '../../features/exam/use-start-exam.ts';

import '../../features/exam/exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadStart(args, '/exam');
}

/** /exam/startExam?id= — the rules of the paper, confirmed before the clock starts. */
export default function StartExam({ loaderData }: Route.ComponentProps) {
  const { paper } = loaderData;
  const { busy, error, start } = useStartExam(paper.id, '/exam/exam');

  return (
    <div className="qk-container qk-page">
      <PageMeta title={`考试须知 - ${paper.examName}`} />
      <div className="qk-exam-start">
        <section className="qk-exam-box" style={{ padding: '28px 36px' }}>
          <h1 style={{ margin: '0 0 6px', fontSize: 22 }}>{paper.examName}</h1>
          <p className="qk-muted" style={{ marginTop: 0 }}>
            共 {paper.problemCount} 题 · 满分 {paper.totalScore} 分 · 及格 {paper.passScore} 分 · 答题时长{' '}
            {paper.answerTime} 分钟
          </p>
          <h2 style={{ marginTop: 20 }}>考试须知</h2>
          <ExamRules answerTime={paper.answerTime} />
          {error ? (
            <p className="qk-exam-feedback is-wrong" role="alert">
              {error}
            </p>
          ) : null}
          <div className="qk-exam-actions" style={{ marginTop: 24, justifyContent: 'center' }}>
            <Link className="qk-exam-btn qk-exam-btn--large" to={`/exam/view/${paper.id}`}>
              返回
            </Link>
            {paper.recordId ? (
              <Link
                className="qk-exam-btn qk-exam-btn--primary qk-exam-btn--large"
                to={`/exam/exam?recordId=${paper.recordId}`}
              >
                继续考试
              </Link>
            ) : paper.canStart === 1 ? (
              <button
                type="button"
                className="qk-exam-btn qk-exam-btn--primary qk-exam-btn--large"
                disabled={busy}
                onClick={start}
              >
                {busy ? '正在准备试卷…' : '我已阅读，开始考试'}
              </button>
            ) : (
              <span className="qk-exam-btn qk-exam-btn--large" aria-disabled="true">
                {paper.reason || '暂不能参加'}
              </span>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
