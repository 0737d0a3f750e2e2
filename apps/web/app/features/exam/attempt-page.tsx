import { useMemo, useState } from 'react';
import type { TRecordSummary } from '#contract/exam-attempt.ts';
import { clock, isAnswered, numberProblems, ranges, sectionTitle } from './format.ts';
import { ProblemInput, Stem } from './problem-input.tsx';
import { PAPER_CALLS, SAVE_LABEL, useAttempt, type AttemptCalls } from './use-attempt.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

function LinkBanner({ link }: { link: 'online' | 'offline' | 'synced' }) {
  if (link === 'offline')
    return (
      <div className="qk-exam-banner is-offline" role="status">
        网络已断开，答案已暂存在本机，恢复网络后会自动提交到服务器
      </div>
    );
  if (link === 'synced')
    return (
      <div className="qk-exam-banner is-synced" role="status">
        网络已恢复，答案已同步
      </div>
    );
  return null;
}

/** /exam/exam — answering a paper against the server's clock, every answer saved as it changes. */
export function AttemptPage({ recordId, calls = PAPER_CALLS }: { recordId: string; calls?: AttemptCalls }) {
  const [confirming, setConfirming] = useState(false);
  const {
    attempt,
    loadError,
    answers,
    states,
    link,
    remaining,
    leaveCount,
    submitting,
    notice,
    setNotice,
    ended,
    change,
    submit,
  } = useAttempt(recordId, (s: TRecordSummary) => window.location.assign(calls.resultUrl(s.recordId)), calls);
  const numbered = useMemo(() => (attempt ? numberProblems(attempt.sections) : []), [attempt]);

  if (loadError) return <div className="qk-container qk-exam-msg">{loadError}</div>;
  if (!attempt || remaining === null) return <div className="qk-container qk-exam-msg">正在载入试卷…</div>;

  const unanswered = numbered.filter((n) => !isAnswered(answers[n.problem.id]));
  const byId = new Map(numbered.map((n) => [n.problem.id, n.no]));
  const urgent = remaining <= 300;

  return (
    <div className="qk-exam">
      <header className="qk-exam-top">
        <div className="qk-container qk-exam-top__inner">
          <div className="qk-exam-top__title">
            <h1>{attempt.examName}</h1>
            <span className="qk-muted">
              满分 {attempt.totalScore} 分 · 及格 {attempt.passScore} 分 · 共 {numbered.length} 题 · 时长{' '}
              {attempt.answerTime} 分钟
            </span>
          </div>
          <div className={urgent ? 'qk-exam-clock is-urgent' : 'qk-exam-clock'} aria-live="off">
            <span>剩余时间</span>
            <strong data-testid="exam-clock">{clock(remaining)}</strong>
          </div>
          <button
            type="button"
            className="qk-exam-btn qk-exam-btn--primary"
            disabled={submitting || ended}
            onClick={() => setConfirming(true)}
          >
            {submitting ? '正在交卷…' : '交卷'}
          </button>
        </div>
      </header>
      <LinkBanner link={link} />
      {notice ? (
        <div className="qk-exam-banner is-error" role="alert">
          {notice}
          {ended ? (
            // submitting a closed attempt is answered with its result (the job may not have run yet)
            <button
              type="button"
              className="qk-exam-banner__action"
              disabled={submitting}
              onClick={() => void submit(true)}
            >
              查看成绩
            </button>
          ) : (
            <button type="button" onClick={() => setNotice(null)} aria-label="关闭">
              ×
            </button>
          )}
        </div>
      ) : null}
      <div className="qk-container qk-exam-body">
        <main className="qk-exam-paper">
          {attempt.sections.map((s, si) => (
            <section key={si} className="qk-exam-section">
              <h2>
                {sectionTitle(si, s.titleName)}
                <small>
                  （共 {s.problems.length} 题，{s.score} 分）
                </small>
              </h2>
              {s.problems.map((p) => {
                const items = p.problemType === 6 ? p.children : [p];
                return (
                  <div key={p.id} className={p.problemType === 6 ? 'qk-exam-material' : undefined}>
                    {p.problemType === 6 ? (
                      <div className="qk-exam-material__stem">
                        <span className="qk-exam-tag">材料题</span>
                        <Stem html={p.problemContent} />
                      </div>
                    ) : null}
                    {items.map((c) => {
                      const st = states[c.id];
                      return (
                        <article key={c.id} id={`q-${c.id}`} className="qk-exam-problem" data-testid="exam-problem">
                          <div className="qk-exam-problem__head">
                            <span className="qk-exam-problem__no">{byId.get(c.id)}.</span>
                            <span className="qk-exam-tag">{c.problemTypeName}</span>
                            <span className="qk-muted">{c.score} 分</span>
                            {st ? (
                              <span className={`qk-exam-save is-${st}`} data-testid="save-state">
                                {SAVE_LABEL[st]}
                              </span>
                            ) : null}
                          </div>
                          <Stem html={c.problemContent} />
                          <ProblemInput
                            problem={c}
                            value={answers[c.id]}
                            onChange={(a) => change(c.id, a)}
                            disabled={submitting || ended}
                          />
                        </article>
                      );
                    })}
                  </div>
                );
              })}
            </section>
          ))}
          <div className="qk-exam-paper__end">
            <button
              type="button"
              className="qk-exam-btn qk-exam-btn--primary qk-exam-btn--large"
              disabled={submitting}
              onClick={() => setConfirming(true)}
            >
              交卷
            </button>
          </div>
        </main>
        <aside className="qk-exam-card" aria-label="答题卡">
          <div className="qk-exam-card__head">
            答题卡{' '}
            <span className="qk-muted">
              已答 {numbered.length - unanswered.length}/{numbered.length}
            </span>
          </div>
          {attempt.sections.map((s, si) => (
            <div key={si} className="qk-exam-card__section">
              <div className="qk-exam-card__title">{sectionTitle(si, s.titleName)}</div>
              <div className="qk-exam-card__grid">
                {numbered
                  .filter((n) => n.section === si)
                  .map((n) => {
                    const st = states[n.problem.id];
                    const cls = [
                      'qk-exam-card__no',
                      isAnswered(answers[n.problem.id]) ? 'is-answered' : '',
                      st === 'saved' ? 'is-saved' : '',
                      st === 'queued' ? 'is-queued' : '',
                    ].join(' ');
                    return (
                      <a
                        key={n.problem.id}
                        href={`#q-${n.problem.id}`}
                        className={cls}
                        title={st ? SAVE_LABEL[st] : '未作答'}
                      >
                        {n.no}
                      </a>
                    );
                  })}
              </div>
            </div>
          ))}
          <ul className="qk-exam-card__legend">
            <li>
              <i className="is-answered is-saved" />
              已答并保存
            </li>
            <li>
              <i className="is-answered is-queued" />
              暂存本机
            </li>
            <li>
              <i />
              未作答
            </li>
          </ul>
          {attempt.leaveLimit > 0 || leaveCount > 0 ? (
            <p className="qk-exam-card__leave">
              离开考试页面 {leaveCount} 次
              {attempt.leaveLimit > 0 ? `，超过 ${attempt.leaveLimit} 次将自动交卷` : '，阅卷老师可见'}
            </p>
          ) : null}
        </aside>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="确认交卷"
          okText="确认交卷"
          cancelText="继续答题"
          onCancel={() => setConfirming(false)}
          onOk={() => {
            setConfirming(false);
            void submit(false);
          }}
        >
          {unanswered.length === 0 ? (
            <p>全部 {numbered.length} 题都已作答。交卷后不能再修改答案。</p>
          ) : (
            <>
              <p>
                还有 <strong>{unanswered.length}</strong> 题未作答：
              </p>
              <p className="qk-exam-unanswered">第 {ranges(unanswered.map((n) => n.no))} 题</p>
              <p>交卷后不能再修改答案。</p>
            </>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
