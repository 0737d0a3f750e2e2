import { useMemo, useState } from 'react';
import { Popup, Skeleton } from 'antd-mobile';
import type { TRecordSummary } from '#contract/exam-attempt.ts';
import type { Route } from './+types/exam-attempt.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { ConfirmDialog } from '../features/exam/confirm-dialog.tsx';
import { clock, isAnswered, numberProblems, ranges, sectionTitle } from '../features/exam/format.ts';
import { attemptIdOf } from '../features/exam/paper-load.ts';
import { ProblemInput, Stem } from '../features/exam/problem-input.tsx';
import { GRADE_ATTEMPT_CALLS, h5GradeResultUrl } from '../features/grade/grade-exam-calls.ts';
import { PAPER_CALLS, SAVE_LABEL, useAttempt, type AttemptCalls } from '../features/exam/use-attempt.ts';
import '../features/exam/exam.css';
import './h5-exam.css';
import { H5_EXAM_RECORDS } from '../features/exam/exam-paths.ts';

export async function loader(args: Route.LoaderArgs) {
  const recordId = await attemptIdOf(args, H5_EXAM_RECORDS);
  // a class exam's attempt goes through the class's calls, as on the PC site
  return { recordId, held: new URL(args.request.url).searchParams.has('gradeExamId') };
}

/** The paper's calls, with the result shown on the H5 result page. */
const H5_CALLS: AttemptCalls = { ...PAPER_CALLS, resultUrl: (recordId) => `/h5/exam/result?recordId=${recordId}` };
/** A class exam's calls, with its result (the rank in class) on the H5 class result page. */
const H5_GRADE_CALLS: AttemptCalls = {
  ...GRADE_ATTEMPT_CALLS,
  resultUrl: (recordId) => h5GradeResultUrl({ recordId }),
};

/**
 * /h5/exam/exam?recordId= — answering on a phone with every guarantee of the PC attempt (features/exam/use-attempt:
 * saved per answer, kept on the phone while offline, resumed from the server, submitted at the deadline).
 */
export default function H5ExamAttempt({ loaderData }: Route.ComponentProps) {
  const [confirming, setConfirming] = useState(false);
  const [sheet, setSheet] = useState(false);
  const calls = loaderData.held ? H5_GRADE_CALLS : H5_CALLS;
  const a = useAttempt(
    loaderData.recordId,
    (s: TRecordSummary) => window.location.assign(calls.resultUrl(s.recordId)),
    calls,
  );
  const { attempt, answers, states, remaining, submitting, ended } = a;
  const numbered = useMemo(() => (attempt ? numberProblems(attempt.sections) : []), [attempt]);

  if (a.loadError) return <p className="h5-empty">{a.loadError}</p>;
  // the attempt is loaded in the browser (the clock starts from the server's seconds as they arrive)
  if (!attempt || remaining === null)
    return (
      <div className="h5-skeleton h5-skeleton__body" aria-busy="true" aria-label="正在载入试卷">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );

  const unanswered = numbered.filter((n) => !isAnswered(answers[n.problem.id]));
  const byId = new Map(numbered.map((n) => [n.problem.id, n.no]));

  return (
    <div className="h5-attempt">
      <PageMeta title="在线考试" />
      <header className="h5-attempt__top">
        <div className={remaining <= 300 ? 'h5-attempt__clock is-urgent' : 'h5-attempt__clock'} aria-live="off">
          <span>剩余</span>
          <strong data-testid="exam-clock">{clock(remaining)}</strong>
        </div>
        <button type="button" className="h5-attempt__sheet" onClick={() => setSheet(true)}>
          答题卡 {numbered.length - unanswered.length}/{numbered.length}
        </button>
        <button
          type="button"
          className="h5-button h5-button--primary"
          disabled={submitting || ended}
          onClick={() => setConfirming(true)}
        >
          {submitting ? '交卷中…' : '交卷'}
        </button>
      </header>
      {a.link === 'offline' ? (
        <p className="h5-attempt__banner is-offline" role="status">
          网络已断开，答案已暂存在手机上，恢复网络后会自动提交
        </p>
      ) : a.link === 'synced' ? (
        <p className="h5-attempt__banner is-synced" role="status">
          网络已恢复，答案已同步
        </p>
      ) : null}
      {a.notice ? (
        <div className="h5-attempt__banner is-error" role="alert">
          {a.notice}
          {ended ? (
            <button type="button" className="h5-button" disabled={submitting} onClick={() => void a.submit(true)}>
              查看成绩
            </button>
          ) : (
            <button type="button" className="h5-button" onClick={() => a.setNotice(null)}>
              知道了
            </button>
          )}
        </div>
      ) : null}
      <h1 className="h5-attempt__title">{attempt.examName}</h1>
      {attempt.sections.map((s, si) => (
        <section key={si} className="h5-attempt__section">
          <h2>
            {sectionTitle(si, s.titleName)}
            <small>
              （共 {s.problems.length} 题，{s.score} 分）
            </small>
          </h2>
          {s.problems.map((p) => (
            <div key={p.id} className={p.problemType === 6 ? 'qk-exam-material' : undefined}>
              {p.problemType === 6 ? <Stem html={p.problemContent} /> : null}
              {(p.problemType === 6 ? p.children : [p]).map((c) => {
                const st = states[c.id];
                return (
                  <article key={c.id} id={`q-${c.id}`} className="h5-attempt__problem" data-testid="exam-problem">
                    <div className="qk-exam-problem__head">
                      <span className="qk-exam-problem__no">{byId.get(c.id)}.</span>
                      <span className="qk-exam-tag">{c.problemTypeName}</span>
                      <span className="h5-muted">{c.score} 分</span>
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
                      onChange={(v) => a.change(c.id, v)}
                      disabled={submitting || ended}
                    />
                  </article>
                );
              })}
            </div>
          ))}
        </section>
      ))}
      {attempt.leaveLimit > 0 || a.leaveCount > 0 ? (
        <p className="h5-muted h5-center">
          离开考试页面 {a.leaveCount} 次
          {attempt.leaveLimit > 0 ? `，超过 ${attempt.leaveLimit} 次将自动交卷` : '，阅卷老师可见'}
        </p>
      ) : null}
      <Popup visible={sheet} onMaskClick={() => setSheet(false)} bodyClassName="h5-attempt__card">
        <h2>答题卡</h2>
        <div className="h5-attempt__grid">
          {numbered.map((n) => {
            const st = states[n.problem.id];
            const cls = [isAnswered(answers[n.problem.id]) ? 'is-answered' : '', st ? `is-${st}` : ''].join(' ');
            return (
              <a key={n.problem.id} href={`#q-${n.problem.id}`} className={cls} onClick={() => setSheet(false)}>
                {n.no}
              </a>
            );
          })}
        </div>
        <button type="button" className="h5-button h5-button--block" onClick={() => setSheet(false)}>
          继续答题
        </button>
      </Popup>
      {confirming ? (
        <ConfirmDialog
          title="确认交卷"
          okText="确认交卷"
          cancelText="继续答题"
          onCancel={() => setConfirming(false)}
          onOk={() => {
            setConfirming(false);
            void a.submit(false);
          }}
        >
          {unanswered.length === 0 ? (
            <p>全部 {numbered.length} 题都已作答。交卷后不能再修改答案。</p>
          ) : (
            <p>
              还有 <strong>{unanswered.length}</strong> 题未作答（第 {ranges(unanswered.map((n) => n.no))}{' '}
              题）。交卷后不能再修改答案。
            </p>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
