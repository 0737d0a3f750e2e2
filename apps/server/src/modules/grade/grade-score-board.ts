import type { Platform } from '../../platform/context.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import type { HeldAttemptService } from '../exam/held-attempt.service.ts';

/** A class's exams (with their papers' names) and every member's best handed-in score in each; -1 where none. */
export interface ScoreBoard {
  exams: { gradeExamId: string; examName: string }[];
  scoreOf(userId: bigint): number[];
}

interface Kept extends ScoreBoard {
  version: number;
  examKey: string;
}

/** A safety net for a version that did not move (the store was unreachable when an attempt was scored). */
const BOARD_TTL_MS = 30_000;
const VERSION_TTL_MS = 86_400_000;
const versionKey = (siteId: bigint, gradeId: bigint) => `grade:scores:${siteId}:${gradeId}`;

/**
 * Every member's scores in a class's exams, read once for all the pages of the summary: a teacher pages through
 * 250 of them for a class of 5,000. Each hand-in and each marking of a class attempt moves the class's version in
 * the shared key-value store (Redis when configured, so every process sees it), and a board read under another
 * version is read again: a teacher who marks a paper sees the score on the next page, in any process.
 */
export class GradeScoreBoard {
  private readonly p: Platform;
  private readonly held: () => HeldAttemptService;
  private readonly examsOf: (siteId: bigint, gradeId: bigint) => Promise<{ id: bigint; examName: string }[]>;
  private readonly gradeOf: (siteId: bigint, gradeExamId: bigint) => Promise<bigint | undefined>;
  private readonly boards = new LocalCache<string, Promise<Kept>>({ max: 500, ttlMs: BOARD_TTL_MS });
  /** a class exam never moves to another class */
  private readonly classes = new LocalCache<string, bigint>({ max: 20_000 });

  constructor(
    p: Platform,
    deps: {
      held: () => HeldAttemptService;
      examsOf: (siteId: bigint, gradeId: bigint) => Promise<{ id: bigint; examName: string }[]>;
      gradeOf: (siteId: bigint, gradeExamId: bigint) => Promise<bigint | undefined>;
    },
  ) {
    this.p = p;
    this.held = deps.held;
    this.examsOf = deps.examsOf;
    this.gradeOf = deps.gradeOf;
  }

  /** An attempt at the class exam was handed in or marked (after its commit). A failure only delays the board. */
  async scored(siteId: bigint, gradeExamId: bigint): Promise<void> {
    try {
      const key = `${siteId}:${gradeExamId}`;
      let gradeId = this.classes.get(key);
      if (gradeId === undefined) {
        gradeId = await this.gradeOf(siteId, gradeExamId);
        if (gradeId === undefined) return;
        this.classes.set(key, gradeId);
      }
      await this.p.cache.kv.incr(versionKey(siteId, gradeId), VERSION_TTL_MS);
    } catch (err) {
      this.p.log.warn({ err, gradeExamId: String(gradeExamId) }, 'class scores version not moved');
    }
  }

  async board(siteId: bigint, gradeId: bigint): Promise<ScoreBoard> {
    const key = `${siteId}:${gradeId}`;
    // read before the scores: a hand-in while they are read leaves the board behind the version, read again next time
    const version = (await this.p.cache.kv.get<number>(versionKey(siteId, gradeId))) ?? 0;
    const exams = await this.examsOf(siteId, gradeId);
    const examKey = exams.map((e) => e.id).join(',');
    const known = this.boards.get(key);
    if (known) {
      const b = await known;
      if (b.version === version && b.examKey === examKey) return b;
      this.boards.forget(key, known);
    }
    const reading = this.read(siteId, exams, version, examKey);
    this.boards.set(key, reading);
    reading.catch(() => this.boards.forget(key, reading));
    return reading;
  }

  private async read(
    siteId: bigint,
    exams: { id: bigint; examName: string }[],
    version: number,
    examKey: string,
  ): Promise<Kept> {
    const best = await this.held().best(
      siteId,
      exams.map((e) => e.id),
    );
    return {
      version,
      examKey,
      exams: exams.map((e) => ({ gradeExamId: String(e.id), examName: e.examName })),
      scoreOf: (userId) => exams.map((e) => best.get(`${e.id}:${userId}`)?.best ?? -1),
    };
  }
}
