import { useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { practiceAnswerDelete, practiceSave } from '#contract/exam-practice.ts';
import { api, inlineMessage } from '../../api/client.ts';

/**
 * 开始练习 from the form's subjectId, problemType, difficulty and count: the set drawn, then its page (`pathOf`);
 * a refusal (no problem matches) is said beside the button and nothing changes.
 */
export function useStartPractice(pathOf: (id: string) => string) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const p = await api(practiceSave, {
        subjectId: String(f.get('subjectId') ?? '') || undefined,
        problemType: f.get('problemType') ? Number(f.get('problemType')) : undefined,
        difficulty: f.get('difficulty') ? Number(f.get('difficulty')) : undefined,
        count: Number(f.get('count')),
      });
      await navigate(pathOf(p.id));
    } catch (err) {
      const msg = inlineMessage(err, '组题失败，请稍后再试');
      if (msg) setError(msg);
      setBusy(false);
    }
  }
  return { busy, error, onSubmit };
}

/**
 * 清空作答，重新练习: the set's answers removed, the page read again, then `onDone` (the page draws the set afresh:
 * answers given since it was read are only in its problems' state).
 */
export function useRestartPractice(practiceId: string, onDone: () => void) {
  const revalidator = useRevalidator();
  return async function restart() {
    try {
      await api(practiceAnswerDelete, { practiceId });
      await revalidator.revalidate();
      onDone();
    } catch {
      // the response handler has shown the refusal or gone to the login page
    }
  };
}

/**
 * 已答 and 答对 of a practice set as the page is answered: the counts read with the set, plus each answer judged
 * since (a restart draws the set afresh, and the tally with it).
 */
export function usePracticeTally(read: { answeredCount: number; correctCount: number }) {
  const [since, setSince] = useState({ answered: 0, correct: 0 });
  return {
    answered: read.answeredCount + since.answered,
    correct: read.correctCount + since.correct,
    onAnswered: (f: { isCorrect: number }) =>
      setSince((s) => ({ answered: s.answered + 1, correct: s.correct + (f.isCorrect === 1 ? 1 : 0) })),
  };
}
