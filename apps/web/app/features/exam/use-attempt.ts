import { useCallback, useEffect, useRef, useState } from 'react';
import {
  answerSave,
  examContinue,
  examFinish,
  examLeave,
  SAVE_REFUSED_AFTER_DEADLINE,
  SAVE_REFUSED_SUBMITTED,
  type TAttempt,
  type TRecordSummary,
} from '#contract/exam-attempt.ts';
import { inlineMessage } from '../../api/client.ts';
import { sessionLost } from '../../lib/session.ts';
import { AnswerStore } from './answer-store.ts';
import { examApi, OfflineError } from './exam-transport.ts';

/**
 * The calls an attempt goes through: the paper's own by default; a class exam's attempt goes through the class's
 * calls (same bodies and replies), which check the membership first. Leaving the page is counted by the paper's.
 */
export interface AttemptCalls {
  resume: typeof examContinue;
  save: typeof answerSave;
  finish: typeof examFinish;
  resultUrl: (recordId: string) => string;
}
export const PAPER_CALLS: AttemptCalls = {
  resume: examContinue,
  save: answerSave,
  finish: examFinish,
  resultUrl: (recordId) => `/exam/result?recordId=${recordId}`,
};

/** saved: the server has this answer; saving: on its way; queued: kept in this browser until the network is back. */
export type SaveState = 'saved' | 'saving' | 'queued' | 'refused';
export const SAVE_LABEL: Record<SaveState, string> = {
  saved: '已保存',
  saving: '保存中…',
  queued: '已暂存在本机',
  refused: '未保存',
};
/** The banner: offline while saves wait, synced for a moment once they have all gone through. */
export type Link = 'online' | 'offline' | 'synced';

const SAVE_DEBOUNCE_MS = 600;
const RETRY_MS = 4000;

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * One attempt in the browser: loads it through continue (the server's order, saved answers and clock), lays the
 * browser's unsynced copy over it, saves each change (debounced, one request in flight per problem, the last
 * answer wins), queues saves while offline and sends them when back, counts leaving the page and submits —
 * by hand or when the server's deadline passes.
 */
export function useAttempt(
  recordId: string,
  onSubmitted: (summary: TRecordSummary) => void,
  calls: AttemptCalls = PAPER_CALLS,
) {
  const [attempt, setAttempt] = useState<TAttempt | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [link, setLink] = useState<Link>('online');
  const [remaining, setRemaining] = useState<number | null>(null);
  const [leaveCount, setLeaveCount] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** The server has closed the attempt (time up, submitted elsewhere): nothing more can be saved. */
  const [ended, setEnded] = useState(false);

  const store = useRef<AnswerStore | null>(null);
  const latest = useRef<Record<string, string[]>>({});
  const unsent = useRef(new Map<string, string[]>());
  const inflight = useRef(new Set<string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const deadlineAt = useRef(0);
  const wasOffline = useRef(false);
  const closed = useRef(false);
  const onSubmittedRef = useRef(onSubmitted);
  onSubmittedRef.current = onSubmitted;

  const mark = useCallback(
    (pid: string, s: SaveState) => setStates((prev) => (prev[pid] === s ? prev : { ...prev, [pid]: s })),
    [],
  );
  const syncClock = (seconds: number) => {
    deadlineAt.current = performance.now() + seconds * 1000;
  };

  const afterQueueChange = useCallback(() => {
    if (unsent.current.size === 0 && inflight.current.size === 0 && wasOffline.current) {
      wasOffline.current = false;
      setLink('synced');
      setTimeout(() => setLink((l) => (l === 'synced' ? 'online' : l)), 5000);
    }
  }, []);

  const send = useCallback(
    async (pid: string) => {
      if (closed.current || inflight.current.has(pid)) return;
      const answer = unsent.current.get(pid);
      if (!answer) return;
      inflight.current.add(pid);
      mark(pid, 'saving');
      try {
        const r = await examApi(calls.save, { recordId, problemId: pid, answer });
        syncClock(r.remainingSeconds);
        if (same(unsent.current.get(pid), answer)) {
          unsent.current.delete(pid);
          mark(pid, 'saved');
          void store.current?.put(pid, answer, true);
        }
      } catch (err) {
        if (err instanceof OfflineError) {
          wasOffline.current = true;
          setLink('offline');
          mark(pid, 'queued');
        } else if (!sessionLost(err)) {
          const msg = inlineMessage(err, '保存失败');
          mark(pid, 'refused');
          unsent.current.delete(pid);
          setNotice(msg);
          if (msg === SAVE_REFUSED_AFTER_DEADLINE || msg === SAVE_REFUSED_SUBMITTED) {
            closed.current = true;
            setEnded(true);
          }
        }
      } finally {
        inflight.current.delete(pid);
      }
      // a change made while this one was on its way goes next
      if (unsent.current.has(pid) && !same(unsent.current.get(pid), answer) && !wasOffline.current) void send(pid);
      afterQueueChange();
    },
    [recordId, mark, afterQueueChange, calls],
  );

  const flushAll = useCallback(() => {
    for (const pid of unsent.current.keys()) void send(pid);
  }, [send]);

  /** A change from the page: shown at once, kept in the browser at once, sent after a short pause. */
  const change = useCallback(
    (pid: string, answer: string[]) => {
      if (closed.current) return;
      latest.current = { ...latest.current, [pid]: answer };
      setAnswers(latest.current);
      unsent.current.set(pid, answer);
      void store.current?.put(pid, answer, false);
      mark(pid, wasOffline.current ? 'queued' : 'saving');
      const t = timers.current.get(pid);
      if (t) clearTimeout(t);
      timers.current.set(
        pid,
        setTimeout(() => {
          timers.current.delete(pid);
          void send(pid);
        }, SAVE_DEBOUNCE_MS),
      );
    },
    [send, mark],
  );

  const submit = useCallback(
    async (auto: boolean) => {
      if (closed.current && !auto) return;
      closed.current = true;
      setSubmitting(true);
      for (const t of timers.current.values()) clearTimeout(t);
      timers.current.clear();
      const queued = [...unsent.current].map(([problemId, answer]) => ({ problemId, answer }));
      try {
        const summary = await examApi(calls.finish, { recordId, answers: queued });
        unsent.current.clear();
        await store.current?.clear();
        onSubmittedRef.current(summary);
      } catch (err) {
        setSubmitting(false);
        if (err instanceof OfflineError) {
          wasOffline.current = true;
          setLink('offline');
          setNotice(
            auto
              ? '考试时间到。网络恢复后将自动交卷，答案已暂存在本机'
              : '网络已断开，交卷未成功，答案已暂存在本机，请恢复网络后再交卷',
          );
          if (auto) setTimeout(() => void submit(true), RETRY_MS);
          else closed.current = false;
        } else if (!sessionLost(err)) {
          setNotice(inlineMessage(err, '交卷失败，请稍后再试'));
          closed.current = false;
        }
      }
    },
    [recordId, calls],
  );

  // load: the server's attempt, then the browser's unsynced answers over it
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [a, local] = await Promise.all([examApi(calls.resume, { recordId }), AnswerStore.open(recordId)]);
        if (!live) return;
        store.current = local;
        if (a.status !== 1) {
          await local.clear();
          window.location.replace(calls.resultUrl(recordId));
          return;
        }
        const merged: Record<string, string[]> = {};
        const st: Record<string, SaveState> = {};
        for (const s of a.answers) {
          merged[s.problemId] = s.answer;
          st[s.problemId] = 'saved';
        }
        for (const u of local.unsynced()) {
          if (same(merged[u.problemId], u.answer)) {
            void local.put(u.problemId, u.answer, true);
            continue;
          }
          merged[u.problemId] = u.answer;
          unsent.current.set(u.problemId, u.answer);
          st[u.problemId] = 'saving';
        }
        latest.current = merged;
        syncClock(a.remainingSeconds);
        setRemaining(a.remainingSeconds);
        setLeaveCount(a.leaveCount);
        setAnswers(merged);
        setStates(st);
        setAttempt(a);
        flushAll();
      } catch (err) {
        if (!live || sessionLost(err)) return;
        setLoadError(
          err instanceof OfflineError
            ? '网络连接失败，请检查网络后刷新页面'
            : (inlineMessage(err, '考试加载失败') ?? ''),
        );
      }
    })();
    return () => {
      live = false;
    };
  }, [recordId, flushAll, calls]);

  // the clock: the server's deadline, counted on a monotonic timer; at zero the paper goes in
  useEffect(() => {
    if (!attempt) return;
    const id = setInterval(() => {
      const left = Math.ceil((deadlineAt.current - performance.now()) / 1000);
      setRemaining(Math.max(0, left));
      if (left <= 0 && !closed.current) void submit(true);
    }, 500);
    return () => clearInterval(id);
  }, [attempt, submit]);

  // the network: queued saves go when it is back, and are retried while anything waits
  useEffect(() => {
    if (!attempt) return;
    const offline = () => {
      wasOffline.current = true;
      setLink('offline');
    };
    const online = () => flushAll();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    const retry = setInterval(() => {
      if (unsent.current.size > 0 && navigator.onLine) flushAll();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      clearInterval(retry);
    };
  }, [attempt, flushAll]);

  // leaving the page is counted by the server (and may submit the paper, if it says so). It is reported on the
  // way back: a reload or a closed tab also hides the page, and neither is leaving the exam
  useEffect(() => {
    if (!attempt) return;
    let hidden = false;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hidden = true;
        return;
      }
      if (!hidden || closed.current) return;
      hidden = false;
      examApi(examLeave, { recordId }).then(
        (r) => {
          setLeaveCount(r.leaveCount);
          if (r.submitted === 1) {
            closed.current = true;
            void store.current?.clear();
            window.location.assign(calls.resultUrl(recordId));
          }
        },
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [attempt, recordId, calls]);

  return {
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
  };
}
