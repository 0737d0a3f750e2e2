import { useState } from 'react';
import { useNavigate } from 'react-router';
import { examOnline } from '#contract/exam-attempt.ts';
import { api, inlineMessage } from '../../api/client.ts';

/**
 * 开始考试 on a paper's rules page, PC and H5 alike: the server starts the clock and answers the attempt, which
 * replaces the rules page in the history; a refusal is shown on the page.
 */
export function useStartExam(paperId: string, attemptPath: string) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const a = await api(examOnline, { examId: paperId });
      void navigate(`${attemptPath}?recordId=${a.recordId}`, { replace: true });
    } catch (err) {
      const msg = inlineMessage(err, '开始考试失败，请稍后再试');
      if (msg) setError(msg);
      setBusy(false);
    }
  }

  return { busy, error, start };
}
