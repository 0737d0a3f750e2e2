import { EXAM_LIMITS } from '#contract/exam.ts';
import { RecordStatus, type TRecordSummary } from '#contract/exam-attempt.ts';
import { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { defineJob, jobIdField } from '../../platform/jobs.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { fail } from '../../platform/http/errors.ts';
import { attemptRepo, type AttemptRepo, type RecordRow, type ScoredAnswer } from './attempt.repo.ts';
import { presentRecordSummary } from './attempt.presenter.ts';
import { belongsInBook, scoreAnswer } from './exam-rules.ts';
import type { ErrorBookService } from './error-book.service.ts';
import type { PaperService } from './paper.service.ts';
import type { PaperRow } from './paper.repo.ts';
import type { PaperStructure } from './paper-structure.ts';
import type { HeldAnswers } from './result.service.ts';
import { submitWhole } from './submission.repo.ts';

export const JOB_AUTO_SUBMIT = 'exam.autoSubmit';
/** Submits an abandoned attempt after its deadline and grace. */
export const autoSubmitJob = defineJob(JOB_AUTO_SUBMIT, z.object({ siteId: jobIdField, recordId: jobIdField }));

/** Scores every answerable problem of the paper (unanswered ones as empty answers) and gathers the wrong ones. */
function scoreAll(structure: PaperStructure, given: Map<string, string[]>, partialRule: number) {
  const scored: ScoredAnswer[] = [];
  const wrong: { problemId: bigint; answer: string[] }[] = [];
  let objective = 0;
  let waiting = 0;
  for (const [id, leaf] of structure.leaves) {
    const answer = given.get(id) ?? [];
    const s = scoreAnswer(leaf.problem, answer, leaf.max, partialRule);
    scored.push({ problemId: leaf.problem.id, answer, ...s });
    if (s.markStatus === 1) waiting++;
    else objective += s.score ?? 0;
    if (belongsInBook(s, answer)) wrong.push({ problemId: leaf.problem.id, answer });
  }
  return { scored, objective, waiting, wrong };
}

/** Answers the page queued while offline, already in the paper's true keys. */
export type PendingAnswers = { problemId: bigint; answer: string[] }[];

/**
 * Submission and scoring. Objective problems are scored at once; short answers wait for the lecturer. Submitting
 * twice (the student and the deadline job racing) scores once: the record row is locked and only an attempt in
 * progress is scored.
 */
export class ScoringService {
  readonly repo: AttemptRepo;
  private readonly p: Platform;
  private readonly papers: PaperService;
  private readonly book: ErrorBookService;
  private readonly takers = new Map<string, { siteId: bigint; examId: bigint; n: number }>();
  private takersWriting: Promise<void> | undefined;
  private takersNext: Promise<void> | undefined;
  private readonly held: () => HeldAnswers;
  constructor(p: Platform, papers: PaperService, book: ErrorBookService, held: () => HeldAnswers) {
    this.p = p;
    this.held = held;
    this.repo = attemptRepo(p.db);
    this.papers = papers;
    this.book = book;
    p.jobs.register(autoSubmitJob, async (job) => {
      await this.finish(BigInt(job.siteId), BigInt(job.recordId), { auto: true });
    });
  }

  /**
   * The page's submission at the end carries every answer: scored here, written in one statement. Undefined when
   * it does not carry every answer, or the attempt is no longer open to it (the general path then decides).
   */
  private async submitWhole(
    siteId: bigint,
    recordId: bigint,
    userId: bigint,
    paper: PaperRow,
    structure: PaperStructure,
    pending: PendingAnswers,
  ) {
    const given = new Map(pending.map((a) => [String(a.problemId), a.answer]));
    if (structure.leaves.size === 0 || [...structure.leaves.keys()].some((id) => !given.has(id))) return undefined;
    const { scored, objective, waiting, wrong } = scoreAll(structure, given, paper.partialRule);
    const final = waiting === 0;
    return submitWhole(this.p.db, {
      siteId,
      recordId,
      userId,
      examId: paper.id,
      graceSeconds: EXAM_LIMITS.graceSeconds,
      scored,
      wrong: wrong.map((w) => {
        const p = structure.leaves.get(String(w.problemId))!.problem;
        return { ...w, subjectId: p.subjectId, problemType: p.problemType };
      }),
      record: {
        status: final ? RecordStatus.MARKED : RecordStatus.SUBMITTED,
        objectiveScore: objective,
        waitMarkCount: waiting,
        isPass: final && objective >= paper.passScore ? 1 : 0,
      },
    });
  }

  /**
   * Counts a submission in its paper's taker count. One paper row would be a hot spot if every submission updated
   * it, so submissions arriving while an update is in flight are summed and written by the next one: at most one
   * update per process at a time. The caller waits for the update that carries its count.
   */
  private countTaker(siteId: bigint, examId: bigint): Promise<void> {
    const key = `${siteId}:${examId}`;
    const entry = this.takers.get(key);
    if (entry) entry.n++;
    else this.takers.set(key, { siteId, examId, n: 1 });
    if (!this.takersWriting) return this.writeTakers();
    this.takersNext ??= this.takersWriting.then(() => {
      this.takersNext = undefined;
      return this.writeTakers();
    });
    return this.takersNext;
  }

  private writeTakers(): Promise<void> {
    const batch = [...this.takers.values()];
    this.takers.clear();
    const run: Promise<void> = this.papers.repo
      .addStudies(batch)
      .catch((err: unknown) => this.p.log.warn({ err }, 'exam taker counts not written'))
      .finally(() => {
        if (this.takersWriting === run) this.takersWriting = undefined;
      });
    this.takersWriting = run;
    return run;
  }

  /** Submits an abandoned attempt once its deadline and grace have passed; the job is keyed by the record. */
  async scheduleAutoSubmit(rec: RecordRow): Promise<void> {
    const runAt = new Date(rec.deadlineTime.getTime() + EXAM_LIMITS.graceSeconds * 1000);
    await this.p.jobs.enqueue(
      autoSubmitJob,
      { siteId: String(rec.siteId), recordId: String(rec.id) },
      { runAt, dedupeKey: `exam-submit:${rec.id}`, maxAttempts: 10 },
    );
  }

  async finish(
    siteId: bigint,
    recordId: bigint,
    opts: { userId?: bigint; pending?: PendingAnswers; auto: boolean; paper?: PaperRow },
  ): Promise<{ record: RecordRow; paper: PaperRow | undefined; summary: TRecordSummary }> {
    // the student's own submission comes with the paper its answers were checked against; the job reads it here
    let paper = opts.paper;
    if (!paper) {
      const pre = await this.repo.recordById(siteId, recordId);
      if (!pre || (opts.userId !== undefined && pre.userId !== opts.userId)) throw fail('考试记录不存在');
      paper = await this.papers.repo.paperById(siteId, pre.examId);
    }
    // a paper withdrawn altogether still lets its attempts be submitted, with nothing to score
    const structure: PaperStructure = paper
      ? await this.papers.structureOf(siteId, paper)
      : { sections: [], leaves: new Map() };
    if (paper && opts.userId !== undefined && !opts.auto && opts.pending) {
      const whole = await this.submitWhole(siteId, recordId, opts.userId, paper, structure, opts.pending);
      if (whole) {
        await this.countTaker(siteId, paper.id);
        if (whole.gradeExamId !== null) await this.held().scored(siteId, whole.gradeExamId);
        return { record: whole, paper, summary: presentRecordSummary(whole, paper) };
      }
    }
    let scoredNow = false;
    const record = await withTransaction(this.p.db, async (tx) => {
      const rec = await this.repo.lockRecord(tx, siteId, recordId);
      if (!rec || (opts.userId !== undefined && rec.userId !== opts.userId) || (paper && rec.examId !== paper.id))
        throw fail('考试记录不存在');
      if (rec.status !== RecordStatus.IN_PROGRESS) return rec;
      const inTime = Date.now() <= rec.deadlineTime.getTime() + EXAM_LIMITS.graceSeconds * 1000;
      const pending = inTime ? (opts.pending ?? []).filter((a) => structure.leaves.has(String(a.problemId))) : [];
      // a submission that carries every answer (the page at the deadline) needs nothing of what was saved before
      const complete = new Set(pending.map((a) => String(a.problemId))).size === structure.leaves.size;
      const given = new Map(
        complete ? [] : (await this.repo.answersOf(siteId, rec.id, tx)).map((a) => [String(a.problemId), a.answer]),
      );
      for (const a of pending) given.set(String(a.problemId), a.answer);
      const { scored, objective, waiting, wrong } = scoreAll(structure, given, paper?.partialRule ?? 0);
      await this.repo.writeScores(tx, siteId, rec.id, scored);
      // in the same commit as the scores: one durable write per submission, and the book never misses a scored answer
      if (wrong.length)
        await this.book.addWrong(
          siteId,
          rec.userId,
          wrong.map((w) => ({ ...w, problem: structure.leaves.get(String(w.problemId))!.problem })),
          tx,
        );
      scoredNow = true;
      const final = waiting === 0;
      return (await this.repo.updateRecord(
        siteId,
        rec.id,
        {
          status: final ? RecordStatus.MARKED : RecordStatus.SUBMITTED,
          submitTime: new Date(),
          isAutoSubmit: opts.auto ? 1 : 0,
          objectiveScore: objective,
          subjectiveScore: 0,
          totalScore: objective,
          waitMarkCount: waiting,
          isPass: final && paper && objective >= paper.passScore ? 1 : 0,
        },
        tx,
      ))!;
    });
    if (scoredNow && paper) {
      // after the commit: the count is a convenience, the scored attempt is what must not be lost
      await this.countTaker(siteId, paper.id);
    }
    if (scoredNow && record.gradeExamId !== null) await this.held().scored(siteId, record.gradeExamId);
    return { record, paper, summary: presentRecordSummary(record, paper) };
  }
}
