import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import type { TProblemShown } from '#contract/exam.ts';
import { EXAM_LIMITS } from '#contract/exam.ts';
import { practiceAnswerSave, practiceSign } from '#contract/exam-practice.ts';
import { api, inlineMessage } from '../../api/client.ts';

import { ExplainVideo } from './explain-video.tsx';
import { answerText, isAnswered } from './format.ts';
import { ProblemInput, Stem } from './problem-input.tsx';

export type Feedback = Pick<
  CallData<typeof practiceAnswerSave>,
  'answer' | 'isCorrect' | 'rightAnswer' | 'analysis' | 'hasVideo'
> &
  Partial<Pick<CallData<typeof practiceAnswerSave>, 'inBook' | 'correctStreak' | 'removedFromBook'>>;

/**
 * One practice problem: answer, 提交答案, then the verdict, the right answer, the analysis and its video at once.
 * From the wrong-answer book the verdict also tells the streak and when the problem has left the book.
 */
export function PracticeProblem(props: {
  no: number;
  problem: TProblemShown;
  practiceId?: string;
  initial?: Feedback;
  onAnswered?: (f: Feedback) => void;
}) {
  const { problem: p } = props;
  const [value, setValue] = useState<string[]>(props.initial?.answer ?? []);
  const [feedback, setFeedback] = useState<Feedback | undefined>(props.initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function check() {
    setBusy(true);
    setError(null);
    try {
      const f = await api(practiceAnswerSave, { problemId: p.id, answer: value, practiceId: props.practiceId });
      setFeedback(f);
      props.onAnswered?.(f);
    } catch (err) {
      const msg = inlineMessage(err, '提交失败，请稍后再试');
      if (msg) setError(msg);
    } finally {
      setBusy(false);
    }
  }

  const right =
    feedback && (p.problemType === 1 || p.problemType === 2 || p.problemType === 3) ? feedback.rightAnswer : undefined;
  return (
    <article className="qk-exam-problem" data-testid="practice-problem">
      <div className="qk-exam-problem__head">
        <span className="qk-exam-problem__no">{props.no}.</span>
        <span className="qk-exam-tag">{p.problemTypeName}</span>
        {feedback ? (
          <span className={`qk-exam-mark ${feedback.isCorrect === 1 ? 'is-right' : 'is-wrong'}`}>
            {feedback.isCorrect === 1 ? '回答正确' : '回答错误'}
          </span>
        ) : null}
      </div>
      <Stem html={p.problemContent} />
      <ProblemInput problem={p} value={value} onChange={setValue} disabled={Boolean(feedback) || busy} right={right} />
      {feedback ? (
        <div className={`qk-exam-feedback ${feedback.isCorrect === 1 ? 'is-right' : 'is-wrong'}`} role="status">
          <strong>{feedback.isCorrect === 1 ? '回答正确' : '回答错误'}</strong>
          {feedback.inBook === 1 ? (
            feedback.removedFromBook === 1 ? (
              <span style={{ marginLeft: 12 }}>已连续答对 {EXAM_LIMITS.bookStreakToRemove} 次，这道题已移出错题本</span>
            ) : (
              <span style={{ marginLeft: 12 }}>
                错题本：已连续答对 {feedback.correctStreak} / {EXAM_LIMITS.bookStreakToRemove} 次
              </span>
            )
          ) : null}
          <p>正确答案：{answerText(p.problemType, feedback.rightAnswer)}</p>
          <div className="qk-exam-feedback__analysis">
            解析：
            {feedback.analysis ? (
              <Stem html={feedback.analysis} />
            ) : feedback.hasVideo === 1 ? (
              '请看讲解视频'
            ) : (
              '暂无解析'
            )}
          </div>
          {feedback.hasVideo === 1 ? <ExplainVideo sign={() => api(practiceSign, { problemId: p.id })} /> : null}
        </div>
      ) : (
        <div style={{ marginTop: 12 }}>
          <button
            type="button"
            className="qk-exam-btn qk-exam-btn--primary"
            disabled={busy || !isAnswered(value)}
            onClick={check}
          >
            提交答案
          </button>
          {error ? (
            <span className="qk-exam-save is-refused" style={{ marginLeft: 12 }}>
              {error}
            </span>
          ) : null}
        </div>
      )}
    </article>
  );
}

/** Material problems are practised through their sub-problems, under the shared material. */
export function PracticeList({
  problems,
  practiceId,
  feedbackOf,
  onAnswered,
}: {
  problems: TProblemShown[];
  practiceId?: string;
  feedbackOf?: (id: string) => Feedback | undefined;
  onAnswered?: (f: Feedback) => void;
}) {
  let no = 0;
  return (
    <>
      {problems.map((p) =>
        p.problemType === 6 ? (
          <div key={p.id} className="qk-exam-material">
            <div className="qk-exam-material__stem">
              <span className="qk-exam-tag">材料题</span>
              <Stem html={p.problemContent} />
            </div>
            {p.children.map((c) => (
              <PracticeProblem
                key={c.id}
                no={++no}
                problem={c}
                practiceId={practiceId}
                initial={feedbackOf?.(c.id)}
                onAnswered={onAnswered}
              />
            ))}
          </div>
        ) : (
          <PracticeProblem
            key={p.id}
            no={++no}
            problem={p}
            practiceId={practiceId}
            initial={feedbackOf?.(p.id)}
            onAnswered={onAnswered}
          />
        ),
      )}
    </>
  );
}
