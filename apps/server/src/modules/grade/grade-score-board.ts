import type { Platform } from '../../platform/context.ts';
import { LocalCache, versioned } from '../../platform/local-cache.ts';
import type { HeldAttemptService } from '../exam/held-attempt.service.ts';

/** A class's exams (with their papers' names) and every member's best handed-in score in each; -1 where none. */
export interface ScoreBoard {
  exams: { gradeExamId: string; examName: string }[];
  scoreOf(userId: bigint): number[];
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
  private readonly boards = new LocalCache<string, Promise<{ version: string; value: ScoreBoard }>>({
    max: 500,
    ttlMs: BOARD_TTL_MS,
  });
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
    // read before the scores: a hand-in while they are read leaves the board behind the version, read again next time
    const version = (await this.p.cache.kv.get<number>(versionKey(siteId, gradeId))) ?? 0;
    const exams = await this.examsOf(siteId, gradeId);
    const token = `${version}|${exams.map((e) => e.id).join(',')}`;
    return versioned(this.boards, `${siteId}:${gradeId}`, token, () => this.read(siteId, exams));
  }

  private async read(siteId: bigint, exams: { id: bigint; examName: string }[]): Promise<ScoreBoard> {
    const best = await this.held().best(
      siteId,
      exams.map((e) => e.id),
    );
    return {
      exams: exams.map((e) => ({ gradeExamId: String(e.id), examName: e.examName })),
      scoreOf: (userId) => exams.map((e) => best.get(`${e.id}:${userId}`)?.best ?? -1),
    };
  }
}
