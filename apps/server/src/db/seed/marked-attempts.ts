import { RecordStatus } from '#contract/exam-attempt.ts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { paperRepo, type PaperRow } from '../../modules/exam/paper.repo.ts';
import { problemRepo } from '../../modules/exam/problem.repo.ts';
import { loadStructure } from '../../modules/exam/paper-structure.ts';
import { scoreAnswer } from '../../modules/exam/exam-rules.ts';
import { examAnswer, examErrorProblem, examRecord } from '../schema/exam-attempt.ts';

const MINUTE = 60_000;

export interface SeededAttempt {
  userId: bigint;
  /** how many of the paper's first problems were answered wrong; the rest right */
  wrong: number;
  start: Date;
  /** how long after the start it was handed in */
  minutes: number;
  gradeExamId?: bigint;
}

/**
 * Handed-in attempts of a paper of objective problems, written as a submission writes them: the marked record and
 * its answers, the problems answered wrong in the taker's wrong-answer book, and the paper's taker count.
 */
export async function seedMarkedAttempts(
  db: Db,
  siteId: bigint,
  paper: PaperRow,
  attempts: SeededAttempt[],
): Promise<void> {
  if (attempts.length === 0) return;
  const papers = paperRepo(db);
  const structure = await loadStructure(siteId, await papers.outline(siteId, paper.id, 'published'), problemRepo(db));
  const leaves = [...structure.leaves.values()];
  for (const a of attempts) {
    const recordId = newId();
    const answers = leaves.map((leaf, k) => {
      const right = leaf.problem.answer.map((x) => x.split('|')[0]!);
      const given =
        k < a.wrong ? (leaf.problem.problemType === 4 ? ['不知道'] : right[0] === 'A' ? ['B'] : ['A']) : right;
      return { leaf, given, ...scoreAnswer(leaf.problem, given, leaf.max, paper.partialRule) };
    });
    const total = answers.reduce((n, x) => n + (x.score ?? 0), 0);
    const submitTime = new Date(a.start.getTime() + a.minutes * MINUTE);
    await db.insert(examRecord).values({
      id: recordId,
      siteId,
      examId: paper.id,
      userId: a.userId,
      lecturerUserId: paper.lecturerUserId,
      status: RecordStatus.MARKED,
      startTime: a.start,
      deadlineTime: new Date(a.start.getTime() + paper.answerTime * MINUTE),
      submitTime,
      objectiveScore: total,
      totalScore: total,
      isPass: total >= paper.passScore ? 1 : 0,
      gradeExamId: a.gradeExamId ?? null,
    });
    await db.insert(examAnswer).values(
      answers.map((x) => ({
        id: newId(),
        siteId,
        recordId,
        problemId: x.leaf.problem.id,
        answer: x.given,
        savedTime: a.start,
        score: x.score,
        isCorrect: x.isCorrect,
        markStatus: x.markStatus,
      })),
    );
    const wrong = answers.slice(0, a.wrong);
    if (wrong.length)
      await db
        .insert(examErrorProblem)
        .values(
          wrong.map((x) => ({
            id: newId(),
            siteId,
            userId: a.userId,
            problemId: x.leaf.problem.id,
            subjectId: x.leaf.problem.subjectId,
            problemType: x.leaf.problem.problemType,
            lastAnswer: x.given,
            gmtCreate: submitTime,
            gmtModified: submitTime,
          })),
        )
        .onConflictDoNothing();
  }
  await papers.addStudies([{ siteId, examId: paper.id, n: attempts.length }]);
}
