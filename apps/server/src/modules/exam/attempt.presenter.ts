import type { TAttempt, TRecordSummary } from '#contract/exam-attempt.ts';
import { formatTime } from '../../platform/time.ts';
import { optionOrder, permutation, toShownKeys } from './exam-rules.ts';
import type { AnswerRow, RecordRow } from './attempt.repo.ts';
import type { PaperRow } from './paper.repo.ts';
import type { PaperStructure } from './paper-structure.ts';
import { presentProblemShown } from './problem.presenter.ts';

const STATUS_NAME: Record<number, string> = { 1: '答题中', 2: '待批阅', 3: '已完成' };

export const remainingSeconds = (deadline: Date, now = Date.now()): number =>
  Math.max(0, Math.floor((deadline.getTime() - now) / 1000));

/** The option order of one problem in this attempt (shown position → original index). */
export const orderIn = (paper: PaperRow, seed: number, p: { id: bigint; problemType: number; options: unknown[] }) =>
  optionOrder(p.problemType, p.options.length, seed, String(p.id), paper.shuffleOptions === 1);

/**
 * The attempt as its page shows it: problems in this attempt's order (shuffled per section when the paper says
 * so), options re-lettered in their shown order, every saved answer in shown keys, and the server's clock.
 */
export function presentAttempt(rec: RecordRow, paper: PaperRow, s: PaperStructure, answers: AnswerRow[]): TAttempt {
  const sections = s.sections.map((sec, si) => {
    const order =
      paper.shuffleProblems === 1
        ? permutation(sec.items.length, rec.shuffleSeed, `s${si}`)
        : sec.items.map((_, i) => i);
    return {
      titleName: sec.titleName,
      score: sec.score,
      problems: order.map((i) => {
        const it = sec.items[i]!;
        return presentProblemShown(
          it.problem,
          it.score,
          it.children.map((c) => ({ row: c, order: orderIn(paper, rec.shuffleSeed, c) })),
          orderIn(paper, rec.shuffleSeed, it.problem),
        );
      }),
    };
  });
  const shownAnswers = answers
    .filter((a) => s.leaves.has(String(a.problemId)))
    .map((a) => {
      const leaf = s.leaves.get(String(a.problemId))!;
      const isKeyed = leaf.problem.options.length > 0;
      return {
        problemId: String(a.problemId),
        answer: isKeyed ? toShownKeys(a.answer, orderIn(paper, rec.shuffleSeed, leaf.problem)) : a.answer,
        savedTime: formatTime(a.savedTime),
      };
    });
  return {
    recordId: String(rec.id),
    examId: String(paper.id),
    examName: paper.examName,
    answerTime: paper.answerTime,
    totalScore: paper.totalScore,
    passScore: paper.passScore,
    status: rec.status,
    startTime: formatTime(rec.startTime),
    deadlineTime: formatTime(rec.deadlineTime),
    remainingSeconds: rec.status === 1 ? remainingSeconds(rec.deadlineTime) : 0,
    leaveCount: rec.leaveCount,
    leaveLimit: paper.leaveLimit,
    sections,
    answers: shownAnswers,
  };
}

export function presentRecordSummary(
  r: RecordRow,
  paper: Pick<PaperRow, 'examName' | 'totalScore' | 'passScore'> | undefined,
): TRecordSummary {
  return {
    recordId: String(r.id),
    examId: String(r.examId),
    examName: paper?.examName ?? '',
    status: r.status,
    statusName: STATUS_NAME[r.status] ?? '',
    startTime: formatTime(r.startTime),
    deadlineTime: formatTime(r.deadlineTime),
    submitTime: formatTime(r.submitTime),
    isAutoSubmit: r.isAutoSubmit,
    objectiveScore: r.objectiveScore,
    subjectiveScore: r.subjectiveScore,
    totalScore: r.totalScore,
    paperTotalScore: paper?.totalScore ?? 0,
    passScore: paper?.passScore ?? 0,
    isPass: r.isPass,
    leaveCount: r.leaveCount,
    waitMarkCount: r.waitMarkCount,
  };
}
