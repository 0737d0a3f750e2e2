import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseShanghaiTime } from '../../platform/time.ts';
import type { UserService } from '../user/user.service.ts';
import { courseRepo, type ChapterRow, type CourseRepo, type CourseRow, type PeriodRow } from './course.repo.ts';
import {
  MEMBERSHIP_BUY_TYPE,
  entitlementRepo,
  type EntitlementRepo,
  type HeldViaGrade,
  type UserCourseRow,
} from './entitlement.repo.ts';

/** buyType of user_course; MEMBERSHIP only in "my courses", for a course studied through VIP membership. */
export const BuyType = { FREE: 0, BOUGHT: 1, ADMIN: 2, GRADE: 3, MEMBERSHIP: MEMBERSHIP_BUY_TYPE } as const;

export interface PlayablePeriod {
  courseId: bigint;
  chapterId: bigint;
  periodId: bigint;
  periodName: string;
  videoId: bigint | null;
  speedDouble: number;
  speedDrag: number;
}

export interface PeriodAccess {
  course: CourseRow;
  chapter: ChapterRow;
  period: PeriodRow;
  /** free content: the course, its chapter or the lesson is free */
  free: boolean;
}

/**
 * Access through a class (the grade domain, registered after course, answers it): until when, in ms since the
 * epoch, the user is a member of a running class that has the course attached; 0 when they are not.
 */
export interface GradeAccess {
  memberUntil(siteId: bigint, userId: bigint, courseId: bigint): Promise<number>;
  /** every course the user's running classes open, for "my courses" */
  heldCourses(siteId: bigint, userId: bigint): Promise<HeldViaGrade[]>;
  /** the members whose running classes open the course, in user id order after `after` */
  memberIdsAfter(siteId: bigint, courseId: bigint, after: bigint, limit: number): Promise<bigint[]>;
}

/** The memo key whose invalidation announces that some access was taken away. */
export const ACCESS_REVOKED_KEY = 'course:access-revoked';

/**
 * The one answer to "may this user study this" (spec §4), for every caller: the course page, lesson start,
 * playback (vod), downloads and progress. A lesson is open if the course, its chapter or the lesson is free, or
 * the user is entitled: an unexpired user_course row (bought, joined, granted by an administrator), membership of a
 * running class the course is attached to, or VIP membership on a course that is free for VIP members.
 */
export class EntitlementService {
  private readonly p: Platform;
  private readonly repo: EntitlementRepo;
  private readonly courses: CourseRepo;
  private readonly users: UserService;
  private readonly grades: () => GradeAccess | undefined;
  constructor(p: Platform, users: UserService, grades: () => GradeAccess | undefined = () => undefined) {
    this.p = p;
    this.repo = entitlementRepo(p.db);
    this.courses = courseRepo(p.db);
    this.users = users;
    this.grades = grades;
  }

  /** The lesson the player may play, or a 999 refusal saying what to do. Used by /vod/auth/videoInfo/play. */
  async playablePeriod(siteId: bigint, userId: bigint | null, periodId: bigint): Promise<PlayablePeriod> {
    const a = await this.periodAccess(siteId, userId, periodId);
    return {
      courseId: a.course.id,
      chapterId: a.chapter.id,
      periodId: a.period.id,
      periodName: a.period.periodName,
      videoId: a.period.videoId,
      speedDouble: a.course.speedDouble,
      speedDrag: a.course.speedDrag,
    };
  }

  /** The lesson with its chapter and course when the user may open it; refuses otherwise. */
  async periodAccess(siteId: bigint, userId: bigint | null, periodId: bigint): Promise<PeriodAccess> {
    const row = await this.courses.periodWithParents(siteId, periodId);
    if (!row) throw fail('课时不存在或已删除');
    const free = row.c.isFree === 1 || row.ch.isFree === 1 || row.p.isFree === 1;
    await decidePeriodAccess(free, row.c, userId, (uid) => this.isEntitled(siteId, uid, row.c));
    return { course: row.c, chapter: row.ch, period: row.p, free };
  }

  /**
   * Who owns a lesson: its course's lecturer, whatever the course costs or whether it is on the shelf. For
   * callers that let a lecturer manage their own lessons (exercises), where buying does not come into it.
   */
  async periodOwner(
    siteId: bigint,
    periodId: bigint,
  ): Promise<{ periodId: bigint; courseId: bigint; lecturerUserId: bigint }> {
    const row = await this.courses.periodWithParents(siteId, periodId);
    if (!row) throw fail('课时不存在或已删除');
    return { periodId: row.p.id, courseId: row.c.id, lecturerUserId: row.c.lecturerUserId };
  }

  /** Whether the lesson is published (on a course that exists, in a chapter that does). */
  async isPublishedPeriod(siteId: bigint, periodId: bigint): Promise<boolean> {
    return !!(await this.courses.periodWithParents(siteId, periodId));
  }

  /**
   * The users holding an unexpired entitlement to the course (bought, joined free, granted), in id order after
   * `after`, `limit` at most: those told about the course's live sessions. Members of a VIP-free course who never
   * joined it hold no entitlement and are not listed.
   */
  /**
   * Everyone who may study the course by entitlement, in user id order after `after`, at most `limit`: an entitlement
   * row, a running class, or VIP membership on a course free for members. Each source gives its first `limit`, so
   * the smallest `limit` of their union are the next page.
   */
  async learnerIdsAfter(siteId: bigint, courseId: bigint, after: bigint, limit: number): Promise<bigint[]> {
    const c = await this.courses.byId(siteId, courseId);
    const [held, inClass, vip] = await Promise.all([
      this.repo.learnerIdsAfter(siteId, courseId, after, limit),
      this.grades()?.memberIdsAfter(siteId, courseId, after, limit) ?? [],
      c?.isVipFree === 1 ? this.users.vipIdsAfter(siteId, after, limit) : [],
    ]);
    return [...new Set([...held, ...inClass, ...vip])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
  }

  /** Whether the user may study every lesson of the course (the page's isPay). */
  async canStudyCourse(siteId: bigint, userId: bigint | null, courseId: bigint): Promise<boolean> {
    const c = await this.courses.byId(siteId, courseId);
    if (!c) return false;
    if (c.isFree === 1 && c.isPutaway === 1) return true;
    return userId !== null && this.isEntitled(siteId, userId, c);
  }

  /** An unexpired entitlement, or VIP on a VIP-free course. Free content is the caller's business. */
  async isEntitled(
    siteId: bigint,
    userId: bigint,
    c: Pick<CourseRow, 'id' | 'isVipFree' | 'isFree' | 'isPutaway'>,
    known?: { row: UserCourseRow | undefined },
  ): Promise<boolean> {
    return (await this.entitledUntil(siteId, userId, c, known)) > Date.now();
  }

  /**
   * Until when the user may study the course, in ms since the epoch (Infinity: no end; 0: not entitled), by the
   * same rule as isEntitled: answers kept in memory last no longer than the entitlement or membership they saw.
   */
  async entitledUntil(
    siteId: bigint,
    userId: bigint,
    c: Pick<CourseRow, 'id' | 'isVipFree' | 'isFree' | 'isPutaway'>,
    /** The user's entitlement row of the course, when the caller has read it already. */
    known?: { row: UserCourseRow | undefined },
  ): Promise<number> {
    if (c.isFree === 1 && c.isPutaway === 1) return Infinity;
    const row = known ? known.row : await this.repo.find(siteId, userId, c.id);
    const held = row && this.repo.isActive(row) ? (row.expireAt ? row.expireAt.getTime() : Infinity) : 0;
    if (held === Infinity) return held;
    // a class lasts until its end; a purchase with an end may outlast it, or the other way round
    const viaGrade = (await this.grades()?.memberUntil(siteId, userId, c.id)) ?? 0;
    if (held > 0 || viaGrade > 0) return Math.max(held, viaGrade);
    return c.isVipFree === 1 ? this.vipUntil(siteId, userId) : 0;
  }

  /**
   * How each course listed in "my courses" is held, by the rule of entitledUntil: through its entitlement until that
   * expires, or through VIP membership when the course is free for members (listed without an entitlement, or with
   * one that lapsed while the user is a member).
   */
  async holds(
    siteId: bigint,
    userId: bigint,
    rows: Array<{ courseId: bigint; buyType: number; expireAt: Date | null }>,
    vipFree: Set<bigint>,
  ): Promise<Array<{ buyType: number; expireAt: Date | null; isExpired: boolean }>> {
    const now = Date.now();
    const lapsed = (at: Date | null) => !!at && at.getTime() <= now;
    const mayUseMembership = (r: (typeof rows)[number]) =>
      r.buyType === BuyType.MEMBERSHIP || (lapsed(r.expireAt) && vipFree.has(r.courseId));
    const vipUntil = rows.some(mayUseMembership) ? await this.vipUntil(siteId, userId) : 0;
    return rows.map((r) => {
      const membership = r.buyType === BuyType.MEMBERSHIP || (mayUseMembership(r) && vipUntil > now);
      if (!membership) return { buyType: r.buyType, expireAt: r.expireAt, isExpired: lapsed(r.expireAt) };
      return {
        buyType: BuyType.MEMBERSHIP,
        expireAt: vipUntil > 0 ? new Date(vipUntil) : null,
        isExpired: vipUntil <= now,
      };
    });
  }

  /** The user's entitlement row for a course, active or not (for expiry display). */
  entitlement(siteId: bigint, userId: bigint, courseId: bigint): Promise<UserCourseRow | undefined> {
    return this.repo.find(siteId, userId, courseId);
  }

  /** As `entitlement`, with whether the course is among the user's favourites (the signed-in course page). */
  forReader(siteId: bigint, userId: bigint, courseId: bigint): Promise<{ row?: UserCourseRow; isCollect: boolean }> {
    return this.repo.forReader(siteId, userId, courseId);
  }

  isActive(row: UserCourseRow | undefined): boolean {
    return this.repo.isActive(row);
  }

  /** Of the given courses, those the user holds an active entitlement for. */
  activeCourseIds(siteId: bigint, userId: bigint, courseIds: bigint[]): Promise<Set<bigint>> {
    return this.repo.activeCourseIds(siteId, userId, courseIds);
  }

  /**
   * Gives a user access to a course: buyType 1 bought (orders), 2 granted by an administrator, 3 by a class,
   * 0 joined a free course. `expireAt` null means no end. Renewing replaces the expiry. Given `tx`, it is part of
   * the caller's transaction (a paid order grants in the same commit as the payment).
   */
  async grant(
    siteId: bigint,
    userId: bigint,
    courseId: bigint,
    buyType: number,
    expireAt: Date | null,
    grantedBy: bigint | null,
    tx?: Db,
  ): Promise<UserCourseRow> {
    const repo = tx ? entitlementRepo(tx) : this.repo;
    const courses = tx ? courseRepo(tx) : this.courses;
    if (buyType === BuyType.FREE && !(await courses.exists(siteId, courseId))) throw notFound('课程');
    const row = await repo.upsert(siteId, userId, courseId, buyType, expireAt, grantedBy);
    if (!row) throw notFound('课程');
    // a purchase counts towards the course's buyers (the "popular" order); grants and free joins do not
    if (buyType === BuyType.BOUGHT) await courses.countBuy(siteId, courseId);
    return row;
  }

  /**
   * A paid order's access, in the payment's transaction: as `grant` with buyType 1, in one statement (every sale
   * runs it). False when the course no longer exists.
   */
  async grantPurchase(siteId: bigint, userId: bigint, courseId: bigint, tx: Db): Promise<boolean> {
    return entitlementRepo(tx).purchase(siteId, userId, courseId);
  }

  /** A refunded purchase: the bought entitlement goes and the course loses the buyer. False when there was none. */
  async revokePurchase(siteId: bigint, userId: bigint, courseId: bigint, tx?: Db): Promise<boolean> {
    const repo = tx ? entitlementRepo(tx) : this.repo;
    return repo.removePurchase(siteId, userId, courseId);
  }

  async revoke(siteId: bigint, id: bigint): Promise<UserCourseRow> {
    const row = await this.repo.remove(siteId, id);
    if (!row) throw notFound('学习权限');
    await this.announceRevoked();
    return row;
  }

  /**
   * Tells every process that some access was taken away (a withdrawal, a refund, a shortened membership), so the
   * answers they keep for progress reports are checked again. Called after the removal has committed: a check
   * made before it would keep the old answer.
   */
  async announceRevoked(): Promise<void> {
    await this.p.cache.memo.invalidate(ACCESS_REVOKED_KEY);
  }

  /** Records that the user joined a free course, so it shows in "my courses" (roncoo: first play of a free course). */
  async joinFree(siteId: bigint, userId: bigint, courseId: bigint): Promise<void> {
    await this.repo.upsert(siteId, userId, courseId, BuyType.FREE, null, null);
  }

  /** The courses the user studies through classes ("my courses"). */
  async heldViaGrade(siteId: bigint, userId: bigint): Promise<HeldViaGrade[]> {
    return (await this.grades()?.heldCourses(siteId, userId)) ?? [];
  }

  /** The course domain's own services read the queries through here; other domains call the methods above. */
  get rows(): EntitlementRepo {
    return this.repo;
  }

  /**
   * Until when the user's VIP membership lasts, in ms since the epoch, from the user info; 0 when the user is not a
   * member (a disabled account is not).
   */
  async vipUntil(siteId: bigint, userId: bigint): Promise<number> {
    try {
      const u = await this.users.view(siteId, userId);
      if (u.isVip !== 1) return 0;
      // the info gives the expiry to the second: read back, it ends at most a second early
      return parseShanghaiTime(u.vipExpireTime)?.getTime() ?? 0;
    } catch {
      return 0;
    }
  }
}

/**
 * The one rule of who may open a lesson: free content of a course on the shelf is open to all; otherwise the user
 * must be signed in and entitled. Refuses with the reason (999). Shared by periodAccess and the progress reports'
 * in-memory answers (period-access-cache.ts).
 */
export async function decidePeriodAccess(
  free: boolean,
  course: { isPutaway: number },
  userId: bigint | null,
  isEntitled: (userId: bigint) => Promise<boolean>,
): Promise<void> {
  if (free && course.isPutaway === 1) return;
  if (userId === null) throw fail('请先登录并购买课程');
  if (await isEntitled(userId)) return;
  if (course.isPutaway !== 1) throw fail('课程已下架');
  throw fail('请先购买课程');
}
