import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { courseRepo, type CourseRepo } from './course.repo.ts';
import { courseVersionKey } from './course.service.ts';
import { decidePeriodAccess, type EntitlementService } from './entitlement.service.ts';

/** What a progress report needs of a live lesson, its chapter and its course. */
export interface PeriodFacts {
  courseId: bigint;
  chapterId: bigint;
  /** seconds; 0 until the video is transcoded */
  videoDuration: number;
  speedDouble: number;
  /** a document lesson (no video) */
  isDoc: boolean;
}

interface PeriodRow {
  facts: PeriodFacts;
  course: { id: bigint; isFree: number; isPutaway: number; isVipFree: number };
  /** the course, its chapter or the lesson is free */
  free: boolean;
}

// Backstops only: a course change drops the course's version token (in every process when Redis is configured)
// and its lessons are read again at once; a refusal is never kept, so a purchase or a grant counts from the next
// report; a refund or an administrator's withdrawal is announced (EntitlementService.announceRevoked) and every
// kept answer is checked again at its next report; an entitlement or membership that runs out is kept no longer
// than its end.
const PERIOD_TTL_MS = 60_000;
const ENTITLED_TTL_MS = 60_000;
const SIZE = 20_000;
/**
 * A lesson as read, with its course's version token then, and the memo generation at which that token was last
 * found current: while nothing at all has been announced since, the token needs no looking up.
 */
interface Kept {
  version: object;
  checked: number;
  row: PeriodRow | undefined;
}

/** A token no course version equals: a row read while some change was being announced is read again next time. */
const STALE = Object.freeze({});

/**
 * Access and facts for the lessons users are studying, answered from memory on nearly every progress report:
 * a lesson's rows are kept until its course's version token changes (CourseService.forget, on publishing, the
 * shelf switch and video changes), and a user's entitlement to a course is kept briefly once granted. Answers as
 * EntitlementService.periodAccess does, by the same rule (lessonAccess).
 */
export class PeriodAccessCache {
  private readonly repo: CourseRepo;
  private readonly p: Platform;
  private readonly entitlement: EntitlementService;
  private readonly periods = new LocalCache<string, Promise<Kept>>({ ttlMs: PERIOD_TTL_MS, max: SIZE });
  /** generation: the memo's, when the answer was read; any announcement since (a revocation among them) voids it */
  private readonly entitled = new LocalCache<string, Promise<{ flags: string; generation: number; until: number }>>({
    ttlMs: ENTITLED_TTL_MS,
    max: SIZE,
  });

  constructor(p: Platform, entitlement: EntitlementService) {
    this.p = p;
    this.repo = courseRepo(p.db);
    this.entitlement = entitlement;
  }

  /** The lesson's facts when the user may study it; refuses otherwise (999 with the reason). */
  async access(siteId: bigint, userId: bigint | null, periodId: bigint): Promise<PeriodFacts> {
    const row = await this.period(siteId, periodId);
    if (!row) throw fail('课时不存在或已删除');
    await decidePeriodAccess(row.free, row.course, userId, (uid) => this.isEntitled(siteId, uid, row.course));
    return row.facts;
  }

  /** The course of a live lesson, from memory as `access` reads it; refuses a missing lesson as it does. */
  async courseOf(siteId: bigint, periodId: bigint): Promise<bigint> {
    const row = await this.period(siteId, periodId);
    if (!row) throw fail('课时不存在或已删除');
    return row.facts.courseId;
  }

  /** Drops what is kept (tests). */
  clear(): void {
    this.periods.clear();
    this.entitled.clear();
  }

  private async period(siteId: bigint, periodId: bigint): Promise<PeriodRow | undefined> {
    const key = `${siteId}:${periodId}`;
    const hit = await this.periods.load(key, () => this.readPeriod(siteId, periodId));
    if (!hit.row) {
      this.periods.delete(key); // a missing lesson may be published later under a course not known here
      return undefined;
    }
    const memo = this.p.cache.memo;
    if (hit.checked === memo.generation) return hit.row;
    const generation = memo.generation;
    if (hit.version === (await this.courseVersion(siteId, hit.row.course.id))) {
      hit.checked = generation;
      return hit.row;
    }
    this.periods.delete(key);
    return (await this.periods.load(key, () => this.readPeriod(siteId, periodId))).row;
  }

  private async readPeriod(siteId: bigint, periodId: bigint): Promise<Kept> {
    const generation = this.p.cache.memo.generation;
    const r = await this.repo.periodWithParents(siteId, periodId);
    if (!r) return { version: STALE, checked: NaN, row: undefined };
    const version = await this.courseVersion(siteId, r.c.id);
    const row: PeriodRow = {
      facts: {
        courseId: r.c.id,
        chapterId: r.ch.id,
        videoDuration: r.p.videoDuration,
        speedDouble: r.c.speedDouble,
        isDoc: !r.p.videoId && !!r.p.docKey,
      },
      course: { id: r.c.id, isFree: r.c.isFree, isPutaway: r.c.isPutaway, isVipFree: r.c.isVipFree },
      free: r.c.isFree === 1 || r.ch.isFree === 1 || r.p.isFree === 1,
    };
    // the course's version is known only after the read: if anything was announced meanwhile, trust it once only
    if (this.p.cache.memo.generation !== generation) return { version: STALE, checked: NaN, row };
    return { version, checked: generation, row };
  }

  /** The course's version token, the one CourseService.viewBase checks its cached pages against. */
  private courseVersion(siteId: bigint, courseId: bigint): Promise<object> {
    return this.p.cache.memo.get(courseVersionKey(siteId, courseId), async () => ({}));
  }

  /**
   * Kept only while granted and no longer than the entitlement or membership it saw, for the course flags it was
   * answered under (free and VIP-free take part), and until anything is announced to the memo.
   */
  private async isEntitled(siteId: bigint, userId: bigint, course: PeriodRow['course']): Promise<boolean> {
    const key = `${siteId}:${userId}:${course.id}`;
    const flags = `${course.isFree}:${course.isPutaway}:${course.isVipFree}`;
    const memo = this.p.cache.memo;
    const load = async () => {
      const generation = memo.generation;
      return { flags, generation, until: await this.entitlement.entitledUntil(siteId, userId, course) };
    };
    let hit = await this.entitled.load(key, load);
    if (hit.flags !== flags || hit.generation !== memo.generation || hit.until <= Date.now()) {
      this.entitled.delete(key);
      hit = await this.entitled.load(key, load);
    }
    const yes = hit.until > Date.now();
    if (!yes) this.entitled.delete(key);
    return yes;
  }
}
