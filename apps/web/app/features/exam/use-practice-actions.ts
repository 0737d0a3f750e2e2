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

/** 清空作答，重新练习: the set's answers removed and the page read again. */
export function useRestartPractice(practiceId: string) {
  const revalidator = useRevalidator();
  return async function restart() {
    try {
      await api(practiceAnswerDelete, { practiceId });
      await revalidator.revalidate();
    } catch {
      // the response handler has shown the refusal or gone to the login page
    }
  };
}
