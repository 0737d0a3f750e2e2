import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { batchedRead } from '../../platform/batched-read.ts';
import { joinedList, listOf, param, sqlStatement, statement } from '../../platform/db/statement.ts';
import { course, userCourse, userCourseCollect } from '../../db/schema/course.ts';
import { myCoursesPage, type HeldViaGrade } from './my-courses.query.ts';

export type UserCourseRow = typeof userCourse.$inferSelect;
export { MEMBERSHIP_BUY_TYPE, type HeldViaGrade } from './my-courses.query.ts';

/** Unexpired and not withdrawn. */
const active = (now: Date) =>
  and(eq(userCourse.statusId, 1), or(isNull(userCourse.expireAt), gt(userCourse.expireAt, now)));

// administrators' and classes' grants, built once (decision 23). It writes only for a course that exists, so the
// grant needs no look at the course first; the expiry goes as text, since it may be null.
const upsertQ = statement<{
  id: bigint;
  siteId: bigint;
  userId: bigint;
  courseId: bigint;
  buyType: number;
  expireAt: string | null;
  grantedBy: bigint | null;
}>()((db) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(userCourse)
    .select(
      sql`select ${p('id')}::bigint, ${p('siteId')}::bigint, ${p('userId')}::bigint, ${p('courseId')}::bigint, ${p('buyType')}::int,
        ${p('expireAt')}::timestamptz, ${p('grantedBy')}::bigint, now(), now(), 1
        from ${course} where ${course.siteId} = ${p('siteId')} and ${course.id} = ${p('courseId')} and ${course.statusId} = 1`,
    )
    .onConflictDoUpdate({
      target: [userCourse.siteId, userCourse.userId, userCourse.courseId],
      set: {
        buyType: sql`excluded.buy_type`,
        expireAt: sql`excluded.expire_at`,
        grantedBy: sql`excluded.granted_by`,
        statusId: 1,
        gmtModified: sql`now()`,
      },
    })
    .returning();
});
type Purchase = { id: bigint; siteId: bigint; userId: bigint; courseId: bigint };
const pp = (name: keyof Purchase) => sql.placeholder(name);
/** A purchase's access and the course's buyer count in one statement; nothing when the course does not exist. */
const purchaseQ = sqlStatement<Purchase>()(
  () => sql`with g as (
      insert into ${userCourse} (id, site_id, user_id, course_id, buy_type, expire_at, granted_by)
      select ${pp('id')}, ${pp('siteId')}, ${pp('userId')}, ${pp('courseId')}, 1, null, null
      from ${course} where ${course.siteId} = ${pp('siteId')} and ${course.id} = ${pp('courseId')} and ${course.statusId} = 1
      on conflict (site_id, user_id, course_id) do update
        set buy_type = excluded.buy_type, expire_at = null, granted_by = null, status_id = 1, gmt_modified = now()
      returning id
    ), counted as (
      update ${course} set count_buy = count_buy + 1
      where site_id = ${pp('siteId')} and id = ${pp('courseId')} and exists (select 1 from g)
    )
    select id from g`,
);

const findQ = statement<{ siteId: bigint; userId: bigint; courseId: bigint }>()((db) =>
  db
    .select()
    .from(userCourse)
    .where(
      and(
        eq(userCourse.siteId, param('siteId')),
        eq(userCourse.userId, param('userId')),
        eq(userCourse.courseId, param('courseId')),
      ),
    )
    .limit(1),
);

type ReaderKey = { siteId: bigint; userId: bigint; courseId: bigint };
/** At most this many readers' asks in one read. */
const READERS_PER_READ = 200;
const keyOf = (k: ReaderKey) => `${k.siteId}:${k.userId}:${k.courseId}`;
const asked = (column: 'site_id' | 'user_id' | 'course_id') => sql.raw(`asked.${column}`);
// every signed-in course page asks both, for many readers at once under load: one round trip for all of them,
// built once (decision 23)
const readersQ = statement<{ sites: string; users: string; courses: string }>()((db) =>
  db
    .select({
      siteId: sql`${asked('site_id')}`.mapWith(userCourse.siteId),
      userId: sql`${asked('user_id')}`.mapWith(userCourse.userId),
      courseId: sql`${asked('course_id')}`.mapWith(userCourse.courseId),
      row: userCourse,
      isCollect: sql<boolean>`exists (select 1 from ${userCourseCollect} where ${userCourseCollect.siteId} = ${asked('site_id')}
        and ${userCourseCollect.userId} = ${asked('user_id')} and ${userCourseCollect.courseId} = ${asked('course_id')})`,
    })
    .from(
      sql`unnest(${listOf('sites', 'bigint')}, ${listOf('users', 'bigint')}, ${listOf('courses', 'bigint')})
        as asked(site_id, user_id, course_id)`,
    )
    .leftJoin(
      userCourse,
      and(
        eq(userCourse.siteId, asked('site_id')),
        eq(userCourse.userId, asked('user_id')),
        eq(userCourse.courseId, asked('course_id')),
      ),
    ),
);

export function entitlementRepo(db: Db) {
  // readers of course pages would each pay a round trip: under load those asking while one read runs are the next
  const readReaders = batchedRead<ReaderKey, { row?: UserCourseRow; isCollect: boolean }>({
    max: READERS_PER_READ,
    run: async (asks) => {
      const unique = [...new Map(asks.map((a) => [keyOf(a), a])).values()];
      const rows = await readersQ(db, {
        sites: joinedList(unique, (a) => a.siteId),
        users: joinedList(unique, (a) => a.userId),
        courses: joinedList(unique, (a) => a.courseId),
      });
      const found = new Map(rows.map((r) => [keyOf(r), { row: r.row ?? undefined, isCollect: Boolean(r.isCollect) }]));
      return asks.map((a) => found.get(keyOf(a)) ?? { isCollect: false });
    },
  });
  return {
    /** The reader's entitlement row for a course, if any, and whether the course is among the reader's favourites. */
    forReader(siteId: bigint, userId: bigint, courseId: bigint) {
      return readReaders({ siteId, userId, courseId });
    },
    async find(siteId: bigint, userId: bigint, courseId: bigint): Promise<UserCourseRow | undefined> {
      const [row] = await findQ(db, { siteId, userId, courseId });
      return row;
    },
    async byId(siteId: bigint, id: bigint): Promise<UserCourseRow | undefined> {
      const [row] = await db
        .select()
        .from(userCourse)
        .where(and(eq(userCourse.siteId, siteId), eq(userCourse.id, id)))
        .limit(1);
      return row;
    },
    /**
     * Grants or renews access. A stronger or longer entitlement is never cut short by a weaker one: a purchase
     * (or a grant without end) keeps no expiry, and a free join (buyType 0) never replaces an existing row.
     */
    async upsert(
      siteId: bigint,
      userId: bigint,
      courseId: bigint,
      buyType: number,
      expireAt: Date | null,
      grantedBy: bigint | null,
    ): Promise<UserCourseRow | undefined> {
      if (buyType === 0) {
        await db
          .insert(userCourse)
          .values({ id: newId(), siteId, userId, courseId, buyType, expireAt, grantedBy })
          .onConflictDoNothing();
        return (await this.find(siteId, userId, courseId))!;
      }
      // nothing when the course does not exist
      const [row] = await upsertQ(db, {
        id: newId(),
        siteId,
        userId,
        courseId,
        buyType,
        expireAt: expireAt?.toISOString() ?? null,
        grantedBy,
      });
      return row;
    },
    /** A purchase: access without end, and one more buyer of the course; false when the course does not exist. */
    async purchase(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean> {
      return (await purchaseQ(db, { id: newId(), siteId, userId, courseId })).length > 0;
    },
    /** Removes a bought entitlement and takes the buyer off the course's count; false when there was none. */
    async removePurchase(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean> {
      const gone = await db
        .delete(userCourse)
        .where(
          and(
            eq(userCourse.siteId, siteId),
            eq(userCourse.userId, userId),
            eq(userCourse.courseId, courseId),
            eq(userCourse.buyType, 1),
          ),
        )
        .returning({ id: userCourse.id });
      if (gone.length === 0) return false;
      await db
        .update(course)
        .set({ countBuy: sql`greatest(${course.countBuy} - 1, 0)` })
        .where(and(eq(course.siteId, siteId), eq(course.id, courseId)));
      return true;
    },
    async remove(siteId: bigint, id: bigint): Promise<UserCourseRow | undefined> {
      const [row] = await db
        .delete(userCourse)
        .where(and(eq(userCourse.siteId, siteId), eq(userCourse.id, id)))
        .returning();
      return row;
    },
    /** "My courses" (my-courses.query.ts): most recently studied or changed first. */
    mine(siteId: bigint, userId: bigint, q: TPageQuery, courseType?: number, viaGrade: HeldViaGrade[] = []) {
      return myCoursesPage(db, { siteId, userId, courseType, viaGrade }, q);
    },
    async activeCourseIds(siteId: bigint, userId: bigint, courseIds: bigint[], now = new Date()): Promise<Set<bigint>> {
      if (!courseIds.length) return new Set();
      const rows = await db
        .select({ courseId: userCourse.courseId })
        .from(userCourse)
        .where(
          and(
            eq(userCourse.siteId, siteId),
            eq(userCourse.userId, userId),
            inArray(userCourse.courseId, courseIds),
            active(now),
          ),
        );
      return new Set(rows.map((r) => r.courseId));
    },
    async learnerIdsAfter(siteId: bigint, courseId: bigint, after: bigint, limit: number, now = new Date()) {
      const rows = await db
        .select({ userId: userCourse.userId })
        .from(userCourse)
        .where(
          and(
            eq(userCourse.siteId, siteId),
            eq(userCourse.courseId, courseId),
            gt(userCourse.userId, after),
            active(now),
          ),
        )
        .orderBy(userCourse.userId)
        .limit(limit);
      return rows.map((r) => r.userId);
    },
    /** Administrators' list of grants with the course names. */
    async adminPage(siteId: bigint, q: TPageQuery & { courseId?: string; userId?: bigint }) {
      const where = and(
        eq(userCourse.siteId, siteId),
        q.courseId ? eq(userCourse.courseId, BigInt(q.courseId)) : undefined,
        q.userId !== undefined ? eq(userCourse.userId, q.userId) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const joinCourse = and(eq(course.siteId, userCourse.siteId), eq(course.id, userCourse.courseId));
      const [rows, [total]] = await Promise.all([
        db
          .select({ uc: userCourse, courseName: course.courseName })
          .from(userCourse)
          .innerJoin(course, joinCourse)
          .where(where)
          .orderBy(desc(userCourse.gmtModified), desc(userCourse.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(userCourse).where(where),
      ]);
      return { rows, total: total!.n };
    },
    /** Whether the row is active now (same rule as the queries). */
    isActive(row: UserCourseRow | undefined, now = Date.now()): boolean {
      return !!row && row.statusId === 1 && (!row.expireAt || row.expireAt.getTime() > now);
    },
  };
}
export type EntitlementRepo = ReturnType<typeof entitlementRepo>;
