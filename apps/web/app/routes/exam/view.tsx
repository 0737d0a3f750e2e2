import { useState } from 'react';
import { data, Link } from 'react-router';
import { isId, type CallData } from '#contract/call.ts';
import { Limits, ResultCode } from '#contract/codes.ts';
import { paperInfoView, paperUserView } from '#contract/exam-centre.ts';
import { collectionCollect, collectionDelete } from '#contract/exam-practice.ts';
import type { Route } from './+types/view.ts';
import { api, ApiError, callWith } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { serverContext } from '../../context.ts';
import { loginUrl, tokenOf } from '../../lib/session.ts';
import { showSuccess } from '../../lib/toast.ts';
import { PriceTag } from '../../features/exam/paper-item.tsx';
import { Stem } from '../../features/exam/problem-input.tsx';
import { sectionTitle } from '../../features/exam/format.ts';
import '../../features/exam/exam.css';

function notFound(err: unknown): never {
  if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
  throw err;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { transport } = context.get(serverContext);
  const id = params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  if (tokenOf(request)) {
    try {
      const own = await callWith(transport, paperUserView, { id });
      return { paper: own as CallData<typeof paperInfoView>, own };
    } catch (err) {
      if (!(err instanceof ApiError && err.needsLogin)) notFound(err);
    }
  }
  return { paper: await callWith(transport, paperInfoView, { id }).catch(notFound), own: null };
}

/** /exam/view/:id — a paper's page: what it holds, its rules, and the way in (start, continue, or why not). */
export default function ExamView({ loaderData }: Route.ComponentProps) {
  const { paper, own } = loaderData;
  const viewer = own !== null;
  const [collected, setCollected] = useState(own?.isCollect === 1);
  const [busy, setBusy] = useState(false);

  async function toggleCollect() {
    setBusy(true);
    try {
      if (collected) await api(collectionDelete, { collectionId: paper.id, collectionType: Limits.collectionTypeExam });
      else await api(collectionCollect, { collectionId: paper.id, collectionType: Limits.collectionTypeExam });
      setCollected(!collected);
      showSuccess(collected ? '已取消收藏' : '已收藏');
    } catch {
      // the response handler has shown the refusal or gone to the login page
    } finally {
      setBusy(false);
    }
  }

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
