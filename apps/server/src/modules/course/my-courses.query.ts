import { and, count, eq, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { joinedList, listOf, param, statement, timeOf } from '../../platform/db/statement.ts';
import { course, userCourse } from '../../db/schema/course.ts';
import { userStudy } from '../../db/schema/study.ts';

/** A course the user studies through a class: until the class ends, since joining it. */
export interface HeldViaGrade {
  courseId: bigint;
  until: Date;
  joinedAt: Date;
}
/** buyType of a course held through a class (BuyType.GRADE). */
const GRADE_BUY_TYPE = 3;
/** "My courses" lists a course studied through VIP membership with this buyType; no row of user_course holds it. */
export const MEMBERSHIP_BUY_TYPE = 4;

type Mine = {
  siteId: bigint;
  userId: bigint;
  /** null for every kind */
  courseType: number | null;
  now: string;
  /** the class courses as lists side by side (`joinedList`): ids, ends, when the user joined */
  classIds: string;
  classEnds: string;
  classJoins: string;
};
const p = (name: keyof Mine) => sql.placeholder(name);
/** Unexpired and not withdrawn, at the statement's `now`. */
const active = () =>
  and(eq(userCourse.statusId, 1), or(isNull(userCourse.expireAt), gt(userCourse.expireAt, timeOf('now'))));
const listed = () =>
  and(eq(course.statusId, 1), sql`(${p('courseType')}::int is null or ${course.courseType} = ${p('courseType')}::int)`);
// with no class courses the list is empty and every course passes
const notAClassCourse = (col: typeof userCourse.courseId | typeof userStudy.courseId) =>
  sql`${col} <> all(${listOf('classIds', 'bigint')})`;

/**
 * "My courses" as one set: the user's entitlements (active or not), the courses free for VIP members that the user
 * studied without one (buyType MEMBERSHIP, never stored), and the courses of the user's running classes that no
 * active entitlement holds (buyType GRADE, never stored). Its shape never changes with the input, so the list and
 * its count are statements built once (decision 23): built at every call, it cost 1.5 ms of the server's CPU.
 */
function mineSet(db: Db) {
  const lastStudy = sql`(select max(${userStudy.gmtModified}) from ${userStudy}
    where ${userStudy.siteId} = ${userCourse.siteId} and ${userStudy.userId} = ${userCourse.userId} and ${userStudy.courseId} = ${userCourse.courseId})`;
  const held = db
    .select({
      courseId: userCourse.courseId,
      buyType: userCourse.buyType,
      expireAt: userCourse.expireAt,
      joinedAt: userCourse.gmtCreate,
      touchedAt: sql`greatest(${userCourse.gmtModified}, ${lastStudy})`.as('touched_at'),
    })
    .from(userCourse)
    .innerJoin(course, and(eq(course.siteId, userCourse.siteId), eq(course.id, userCourse.courseId)))
    .where(
      and(
        eq(userCourse.siteId, param('siteId')),
        eq(userCourse.userId, param('userId')),
        eq(userCourse.statusId, 1),
        listed(),
        // a lapsed entitlement to a course a class now opens is listed through the class
        or(active(), notAClassCourse(userCourse.courseId)),
      ),
    );
  const viaMembership = db
    .select({
      courseId: userStudy.courseId,
      buyType: sql<number>`${MEMBERSHIP_BUY_TYPE}::int`.as('buy_type'),
      expireAt: sql<Date | null>`null::timestamptz`.as('expire_at'),
      joinedAt: sql<Date>`min(${userStudy.gmtCreate})`.as('joined_at'),
      touchedAt: sql`max(${userStudy.gmtModified})`.as('touched_at'),
    })
    .from(userStudy)
    .innerJoin(
      course,
      and(eq(course.siteId, userStudy.siteId), eq(course.id, userStudy.courseId), eq(course.isVipFree, 1)),
    )
    .where(
      and(
        eq(userStudy.siteId, param('siteId')),
        eq(userStudy.userId, param('userId')),
        listed(),
        notAClassCourse(userStudy.courseId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(userCourse)
            .where(
              and(
                eq(userCourse.siteId, userStudy.siteId),
                eq(userCourse.userId, userStudy.userId),
                eq(userCourse.courseId, userStudy.courseId),
                eq(userCourse.statusId, 1),
              ),
            ),
        ),
      ),
    )
    .groupBy(userStudy.courseId);
  // the class courses travel as text lists, unnested side by side
  const classes = sql`unnest(${listOf('classIds', 'bigint')}, ${listOf('classEnds', 'timestamptz')},
    ${listOf('classJoins', 'timestamptz')}) as vg(course_id, until, joined_at)`;
  const viaClass = db
    .select({
      courseId: sql<bigint>`vg.course_id`.as('course_id'),
      buyType: sql<number>`${GRADE_BUY_TYPE}::int`.as('buy_type'),
      expireAt: sql<Date | null>`vg.until`.as('expire_at'),
      joinedAt: sql<Date>`vg.joined_at`.as('joined_at'),
      touchedAt: sql`greatest(vg.joined_at, (select max(${userStudy.gmtModified}) from ${userStudy}
        where ${userStudy.siteId} = ${p('siteId')} and ${userStudy.userId} = ${p('userId')} and ${userStudy.courseId} = vg.course_id))`.as(
        'touched_at',
      ),
    })
    .from(classes)
    .innerJoin(course, and(eq(course.siteId, param('siteId')), eq(course.id, sql`vg.course_id`)))
    .where(
      and(
        listed(),
        notExists(
          db
            .select({ one: sql`1` })
            .from(userCourse)
            .where(
              and(
                eq(userCourse.siteId, param('siteId')),
                eq(userCourse.userId, param('userId')),
                eq(userCourse.courseId, sql`vg.course_id`),
                active(),
              ),
            ),
        ),
      ),
    );
  return held.unionAll(viaMembership).unionAll(viaClass).as('mine');
}

// a page of the set, each row carrying the set's size; most recently studied or changed first
const pageQ = statement<Mine & { limit: number; offset: number }>()((db) => {
  const mine = mineSet(db);
  return db
    .select({
      courseId: sql`${mine.courseId}`.mapWith(userCourse.courseId),
      buyType: sql`${mine.buyType}`.mapWith(Number),
      expireAt: sql`${mine.expireAt}`.mapWith(userCourse.expireAt),
      joinedAt: sql`${mine.joinedAt}`.mapWith(userCourse.gmtCreate),
      touchedAt: sql`${mine.touchedAt}`.mapWith(userCourse.gmtModified),
      total: sql`count(*) over ()`.mapWith(Number),
    })
    .from(mine)
    .orderBy(sql`${mine.touchedAt} desc, ${mine.courseId} desc`)
    .limit(param('limit'))
    .offset(param('offset'));
});
const countQ = statement<Mine>()((db) => db.select({ n: count() }).from(mineSet(db)));

export async function myCoursesPage(
  db: Db,
  key: { siteId: bigint; userId: bigint; courseType?: number; viaGrade: HeldViaGrade[] },
  q: TPageQuery,
) {
  const values: Mine = {
    siteId: key.siteId,
    userId: key.userId,
    courseType: key.courseType ?? null,
    now: new Date().toISOString(),
    classIds: joinedList(key.viaGrade, (g) => g.courseId),
    classEnds: key.viaGrade.map((g) => g.until.toISOString()).join(','),
    classJoins: key.viaGrade.map((g) => g.joinedAt.toISOString()).join(','),
  };
  const { limit, offset } = pageWindow(q);
  const found = await pageQ(db, { ...values, limit, offset });
  const rows = found.map(({ total: _, ...row }) => row);
  // a page past the end has no row to carry the size
  const total = found.length ? found[0]!.total : offset > 0 || limit === 0 ? (await countQ(db, values))[0]!.n : 0;
  return { rows, total };
}
