import { Link } from '../../components/link.tsx';
import type { Route } from './+types/view.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { loginUrl } from '../../lib/session.ts';
import { collectPaper, useCollect } from '../../features/account/collect.ts';
import { loadPaper } from '../../features/exam/paper-load.ts';
import { PriceTag } from '../../features/exam/paper-item.tsx';
import { Stem } from '../../features/exam/problem-input.tsx';
import { sectionTitle } from '../../features/exam/format.ts';
import '../../features/exam/exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadPaper(args);
}

/** /exam/view/:id — a paper's page: what it holds, its rules, and the way in (start, continue, or why not). */
export default function ExamView({ loaderData }: Route.ComponentProps) {
  const { paper, own } = loaderData;
  const viewer = own !== null;
  const {
    collected,
    pending: busy,
    toggle: toggleCollect,
  } = useCollect(own?.isCollect === 1, (on) => collectPaper(paper.id, on));

  return (
    <div className="qk-container qk-page">
      <PageMeta
        title={paper.examName}
        description={`${paper.examName}：共 ${paper.problemCount} 题，满分 ${paper.totalScore} 分，答题时长 ${paper.answerTime} 分钟。`}
      />
      <nav className="qk-muted" style={{ marginBottom: 12 }} aria-label="位置">
        <Link to="/exam">考试中心</Link> / {paper.subjectName || '试卷'} / {paper.examName}
      </nav>
      <section className="qk-exam-hero">
        <div className="qk-exam-hero__cover" aria-hidden="true">
          <strong>{paper.subjectName || '在线考试'}</strong>
          <span>{paper.yearName}</span>
        </div>
        <div className="qk-exam-hero__body">
          <h1>{paper.examName}</h1>
          <dl className="qk-exam-facts">
            <div>
              <dt>题目数量</dt>
              <dd>{paper.problemCount}</dd>
            </div>
            <div>
              <dt>试卷满分</dt>
              <dd>{paper.totalScore}</dd>
            </div>
            <div>
              <dt>及格分数</dt>
              <dd>{paper.passScore}</dd>
            </div>
            <div>
              <dt>答题时长</dt>
              <dd>{paper.answerTime} 分钟</dd>
            </div>
          </dl>
          <div className="qk-exam-actions">
            <PriceTag paper={paper} />
            {!viewer ? (
              <Link
                className="qk-exam-btn qk-exam-btn--primary qk-exam-btn--large"
                to={loginUrl(`/exam/view/${paper.id}`)}
              >
                登录后开始考试
              </Link>
            ) : own!.recordId ? (
              <Link
                className="qk-exam-btn qk-exam-btn--primary qk-exam-btn--large"
                to={`/exam/exam?recordId=${own!.recordId}`}
              >
                继续考试
              </Link>
            ) : own!.canStart === 1 ? (
              <Link
                className="qk-exam-btn qk-exam-btn--primary qk-exam-btn--large"
                to={`/exam/startExam?id=${paper.id}`}
              >
                {own!.attemptCount > 0 ? '再考一次' : '开始考试'}
              </Link>
            ) : (
              <span className="qk-exam-btn qk-exam-btn--large" aria-disabled="true">
                {own!.reason || '暂不能参加'}
              </span>
            )}
            {viewer ? (
              <button type="button" className="qk-exam-btn" disabled={busy} onClick={toggleCollect}>
                {collected ? '已收藏' : '收藏试卷'}
              </button>
            ) : null}
            <span className="qk-muted">
              {paper.studyCount} 人参加
              {viewer && own!.attemptCount > 0 ? ` · 我已考 ${own!.attemptCount} 次，最高 ${own!.bestScore} 分` : ''}
            </span>
          </div>
          <p className="qk-muted" style={{ margin: '14px 0 0' }}>
            {paper.lecturerName ? (
              <>
                出卷讲师：<Link to={`/lecturer/${paper.lecturerUserId}`}>{paper.lecturerName}</Link>
                {' · '}
              </>
            ) : null}
            发布于 {paper.gmtCreate.slice(0, 10)}
          </p>
        </div>
      </section>
      <section className="qk-exam-box">
        <h2>试卷结构</h2>
        <table className="qk-exam-outline">
          <thead>
            <tr>
              <th>大题</th>
              <th>题目数量</th>
              <th>分值</th>
            </tr>
          </thead>
          <tbody>
            {paper.sections.map((s, i) => (
              <tr key={i}>
                <td>{sectionTitle(i, s.titleName)}</td>
                <td>{s.problemCount} 题</td>
                <td>{s.score} 分</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {paper.description ? (
        <section className="qk-exam-box">
          <h2>试卷说明</h2>
          <Stem html={paper.description} />
        </section>
      ) : null}
    </div>
  );
}
