import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { param, statement, timeOf } from '../../platform/db/statement.ts';
import { grade, gradeCourse, gradeStudent } from '../../db/schema/grade.ts';

const memberOf = and(eq(grade.siteId, gradeStudent.siteId), eq(grade.id, gradeStudent.gradeId));
const coursesOf = and(eq(gradeCourse.siteId, grade.siteId), eq(gradeCourse.gradeId, grade.id));
/** The access a class gives: the courses its running classes open to a member, and the members a course has. */
type Member = { siteId: bigint; userId: bigint; now: string };
/** The user's memberships of running classes, at the statement's `now`. */
const runningFor = () =>
  and(
    eq(gradeStudent.siteId, param('siteId')),
    eq(gradeStudent.userId, param('userId')),
    eq(gradeStudent.statusId, 1),
    eq(grade.statusId, 1),
    gt(grade.endTime, timeOf('now')),
  );

/** Read for "my courses" and the lesson and course pages of every signed-in learner: built once. */
const heldCoursesQ = statement<Member>()((db) =>
  db
    .select({
      courseId: gradeCourse.courseId,
      until: sql<Date>`max(${grade.endTime})`.mapWith(grade.endTime),
      joinedAt: sql<Date>`min(${gradeStudent.joinedAt})`.mapWith(gradeStudent.joinedAt),
    })
    .from(gradeStudent)
    .innerJoin(grade, memberOf)
    .innerJoin(gradeCourse, coursesOf)
    .where(runningFor())
    .groupBy(gradeCourse.courseId),
);

const viasOfQ = statement<Member>()((db) =>
  db
    .selectDistinctOn([gradeCourse.courseId], {
      courseId: gradeCourse.courseId,
      id: grade.id,
      gradeName: grade.gradeName,
      endTime: grade.endTime,
    })
    .from(gradeStudent)
    .innerJoin(grade, memberOf)
    .innerJoin(gradeCourse, coursesOf)
    .where(runningFor())
    .orderBy(gradeCourse.courseId, desc(grade.endTime)),
);

export function gradeAccessRepo(db: Db) {
  return {
    /** Members of the running classes the course is attached to, in user id order after `after`. */
    async memberIdsAfter(siteId: bigint, courseId: bigint, after: bigint, limit: number, now = new Date()) {
      const rows = await db
        .selectDistinct({ userId: gradeStudent.userId })
        .from(gradeStudent)
        .innerJoin(grade, memberOf)
        .innerJoin(gradeCourse, coursesOf)
        .where(
          and(
            eq(gradeStudent.siteId, siteId),
            eq(gradeCourse.courseId, courseId),
            gt(gradeStudent.userId, after),
            eq(gradeStudent.statusId, 1),
            eq(grade.statusId, 1),
            gt(grade.endTime, now),
          ),
        )
        .orderBy(gradeStudent.userId)
        .limit(limit);
      return rows.map((r) => r.userId);
    },
    /** Every course the user's running classes open: until the last of them ends, since the first was joined. */
    heldCourses(siteId: bigint, userId: bigint, now = new Date()) {
      return heldCoursesQ(db, { siteId, userId, now: now.toISOString() });
    },

    /**
     * For each course the user's running classes open, the one of those classes that lasts longest: the source of
     * a class member's entitlement to each.
     */
    viasOf(siteId: bigint, userId: bigint, now = new Date()) {
      return viasOfQ(db, { siteId, userId, now: now.toISOString() });
    },
  };
}
export type GradeAccessRepo = ReturnType<typeof gradeAccessRepo>;
