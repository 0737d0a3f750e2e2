import { useState } from 'react';
import { data, Link, redirect, useNavigate } from 'react-router';
import { EXAM_LIMITS } from '#contract/exam.ts';
import { paperUserView } from '#contract/exam-centre.ts';
import { examOnline } from '#contract/exam-attempt.ts';
import type { Route } from './+types/start.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { requireUser, pageLoad } from '../../lib/session-load.ts';

import '../../features/exam/exam.css';
import { isId } from '#contract/call.ts';

export async function loader(args: Route.LoaderArgs) {
  const id = new URL(args.request.url).searchParams.get('id') ?? '';
  // an address with no paper (a bookmark, a typed URL): the exam centre, where papers are chosen
  if (!id) throw redirect('/exam');
  await requireUser(args);
  if (!isId(id)) throw data(null, { status: 404 });
  return { paper: await pageLoad(args, paperUserView, { id }) };
}

/** /exam/startExam?id= — the rules of the paper, confirmed before the clock starts. */
export default function StartExam({ loaderData }: Route.ComponentProps) {
  const { paper } = loaderData;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const a = await api(examOnline, { examId: paper.id });
      navigate(`/exam/exam?recordId=${a.recordId}`, { replace: true });
    } catch (err) {
      const msg = inlineMessage(err, '开始考试失败，请稍后再试');
      if (msg) setError(msg);
      setBusy(false);
    }
  }

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
          <ol className="qk-exam-rules">
            <li>
              点击“开始考试”后开始计时，时间以服务器为准，共 {paper.answerTime} 分钟；中途离开或刷新页面，计时不会暂停。
            </li>
            <li>每道题作答后自动保存，题目旁显示“已保存”即表示服务器已收到答案。</li>
            <li>
              网络中断时答案暂存在本机，网络恢复后自动提交；关闭浏览器后可从“我的试卷”继续考试，已作答内容不会丢失。
            </li>
            <li>考试时间到将自动交卷；截止后 {EXAM_LIMITS.graceSeconds} 秒内仍在途的答案会被接收。</li>
            <li>考试期间离开考试页面（切换窗口或标签页）会被记录，阅卷老师可见。</li>
            <li>客观题交卷后立即出分；简答题由讲师批阅后给出最终成绩。</li>
          </ol>
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
