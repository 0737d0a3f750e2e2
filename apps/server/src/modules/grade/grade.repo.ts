import { and, count, desc, eq, exists, gt, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { ApplyStatus, GradeRole, LeaveType } from '#contract/grade.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { param, statement, timeOf } from '../../platform/db/statement.ts';
import { newId } from '../../platform/ids.ts';
import { grade, gradeApply, gradeCourse, gradeStudent } from '../../db/schema/grade.ts';
import { gradeExam } from '../../db/schema/grade-exam.ts';
import { user } from '../../db/schema/user.ts';
import { gradeApplyRepo } from './grade-apply.repo.ts';

export type GradeRow = typeof grade.$inferSelect;
export type GradeStudentRow = typeof gradeStudent.$inferSelect;
export type GradeValues = Pick<
  GradeRow,
  'gradeName' | 'gradeCover' | 'introduction' | 'categoryId' | 'capacity' | 'beginTime' | 'endTime' | 'joinRule'
>;
export type Scope = 'teacher' | 'admin' | 'my';

// built once: every call about a class starts here (decision 23)
const byIdQ = statement<{ siteId: bigint; id: bigint }>()((db) =>
  db
    .select()
    .from(grade)
    .where(and(eq(grade.siteId, param('siteId')), eq(grade.id, param('id'))))
    .limit(1),
);

const memberOf = (siteId: bigint, userId: bigint, role?: number) =>
  and(
    eq(gradeStudent.siteId, siteId),
    eq(gradeStudent.gradeId, grade.id),
    eq(gradeStudent.userId, userId),
    eq(gradeStudent.statusId, 1),
    role !== undefined ? eq(gradeStudent.role, role) : undefined,
  );

/** A member whose nickname or mobile contains the keyword. */
const matching = (siteId: bigint, keyword: string) =>
  sql`exists (select 1 from ${user} where ${user.siteId} = ${siteId} and ${user.id} = ${gradeStudent.userId}
    and (${user.nickname} ilike ${containing(keyword)} or ${user.mobile} like ${containing(keyword)}))`;

/** The classes of a scope for a user: taught by them, or where they are a member (an admin, for 'admin'). */
const scopedIn = (db: Db, siteId: bigint, userId: bigint, scope: Scope): SQL | undefined => {
  if (scope === 'teacher') return eq(grade.lecturerUserId, userId);
  const role = scope === 'admin' ? GradeRole.ADMIN : undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(gradeStudent)
      .where(memberOf(siteId, userId, role)),
  );
};

/** The running classes of a site at `now`; the values of the statements below, built once for every account page. */
type RoleValues = { siteId: bigint; userId: bigint; now: string };
const runningAt = () => and(eq(grade.siteId, param('siteId')), eq(grade.statusId, 1), gt(grade.endTime, timeOf('now')));
/**
 * The account tips' counts in one read: running classes the user teaches, those they administer, the applications
 * pending to either, and the live class exams of the undisbanded classes they teach (whose hand-ins wait for them).
 * Every account page reads the tips: one statement for all of it, where the exams were a second.
 */
const tipCountsQ = statement<RoleValues>()((db) => {
  const admin = scopedIn(db, param('siteId'), param('userId'), 'admin');
  const teaching = eq(grade.lecturerUserId, param('userId'));
  const countOf = (q: SQL | { getSQL(): SQL }) => sql<number>`(${q})`.mapWith(Number);
  return db
    .select({
      teach: countOf(db.select({ n: count() }).from(grade).where(and(runningAt(), teaching))),
      admin: countOf(db.select({ n: count() }).from(grade).where(and(runningAt(), admin))),
      pending: countOf(
        db
          .select({ n: count() })
          .from(gradeApply)
          .innerJoin(grade, and(eq(grade.siteId, gradeApply.siteId), eq(grade.id, gradeApply.gradeId)))
          .where(
            and(
              eq(gradeApply.siteId, param('siteId')),
              runningAt(),
              eq(gradeApply.applyStatus, ApplyStatus.PENDING),
              or(teaching, admin),
            ),
          ),
      ),
      // as text, which reads the same on both drivers; empty when there are none
      examIds: sql<string>`(${db
        .select({ ids: sql`coalesce(string_agg(${gradeExam.id}::text, ','), '')` })
        .from(gradeExam)
        .innerJoin(grade, and(eq(grade.siteId, gradeExam.siteId), eq(grade.id, gradeExam.gradeId)))
        .where(
          and(
            eq(gradeExam.siteId, param('siteId')),
            eq(gradeExam.statusId, 1),
            eq(gradeExam.lecturerUserId, param('userId')),
            eq(grade.statusId, 1),
          ),
        )})`,
    })
    .from(sql`(values (1)) as one (x)`);
});

export function gradeRepo(db: Db) {
  const scoped = (siteId: bigint, userId: bigint, scope: Scope) => scopedIn(db, siteId, userId, scope);
  const gradePage = async (where: SQL | undefined, q: TPageQuery) => {
    const { limit, offset } = pageWindow(q);
    const [rows, [total]] = await Promise.all([
      db.select().from(grade).where(where).orderBy(desc(grade.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(grade).where(where),
    ]);
    return { rows, total: total!.n };
  };

  const applies = gradeApplyRepo(db);

  return {
    ...applies,
    async insert(siteId: bigint, teacherId: bigint, v: GradeValues, invitationCode: string): Promise<GradeRow> {
      const [row] = await db
        .insert(grade)
        .values({ id: newId(), siteId, lecturerUserId: teacherId, invitationCode, ...v })
        .returning();
      return row!;
    },
    async update(siteId: bigint, id: bigint, v: GradeValues): Promise<GradeRow | undefined> {
      const [row] = await db
        .update(grade)
        .set({ ...v, gmtModified: new Date() })
        .where(and(eq(grade.siteId, siteId), eq(grade.id, id), eq(grade.statusId, 1)))
        .returning();
      return row;
    },
    async byId(siteId: bigint, id: bigint): Promise<GradeRow | undefined> {
      const [row] = await byIdQ(db, { siteId, id });
      return row;
    },
    async codeTaken(siteId: bigint, code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: grade.id })
        .from(grade)
        .where(and(eq(grade.siteId, siteId), eq(grade.invitationCode, code)))
        .limit(1);
      return !!row;
    },
    /** Live (not disbanded) classes of a scope, running or ended. */
    page(siteId: bigint, userId: bigint, scope: Scope, expired: boolean, q: TPageQuery, now = new Date()) {
      return gradePage(
        and(
          eq(grade.siteId, siteId),
          eq(grade.statusId, 1),
          expired ? lte(grade.endTime, now) : gt(grade.endTime, now),
          scoped(siteId, userId, scope),
        ),
        q,
      );
    },
    /** Classes anyone may find: running, not by invitation code only. */
    publicPage(siteId: bigint, q: TPageQuery & { categoryId?: string }, now = new Date()) {
      return gradePage(
        and(
          eq(grade.siteId, siteId),
          eq(grade.statusId, 1),
          gt(grade.endTime, now),
          sql`${grade.joinRule} <> 3`,
          q.categoryId ? eq(grade.categoryId, BigInt(q.categoryId)) : undefined,
        ),
        q,
      );
    },
    adminPage(siteId: bigint, q: TPageQuery & { gradeName: string; statusId: number }) {
      return gradePage(
        and(
          eq(grade.siteId, siteId),
          q.statusId >= 0 ? eq(grade.statusId, q.statusId) : undefined,
          q.gradeName ? sql`${grade.gradeName} ilike ${containing(q.gradeName)}` : undefined,
        ),
        q,
      );
    },
    /** Ends the class: every member leaves with it. Gives the members who were in it. */
    async disband(siteId: bigint, id: bigint): Promise<bigint[] | undefined> {
      const now = new Date();
      const [g] = await db
        .update(grade)
        .set({ statusId: 0, disbandTime: now, studentCount: 0, gmtModified: now })
        .where(and(eq(grade.siteId, siteId), eq(grade.id, id), eq(grade.statusId, 1)))
        .returning({ id: grade.id });
      if (!g) return undefined;
      const left = await db
        .update(gradeStudent)
        .set({ statusId: 0, leftAt: now, leaveType: LeaveType.DISBANDED, gmtModified: now })
        .where(and(eq(gradeStudent.siteId, siteId), eq(gradeStudent.gradeId, id), eq(gradeStudent.statusId, 1)))
        .returning({ userId: gradeStudent.userId });
      await applies.ignorePending(siteId, id, now);
      return left.map((r) => r.userId);
    },

    /* ---- members ---- */

    async membership(siteId: bigint, gradeId: bigint, userId: bigint): Promise<GradeStudentRow | undefined> {
      const [row] = await db
        .select()
        .from(gradeStudent)
        .where(and(eq(gradeStudent.siteId, siteId), eq(gradeStudent.gradeId, gradeId), eq(gradeStudent.userId, userId)))
        .limit(1);
      return row;
    },
    async memberById(siteId: bigint, id: bigint): Promise<GradeStudentRow | undefined> {
      const [row] = await db
        .select()
        .from(gradeStudent)
        .where(and(eq(gradeStudent.siteId, siteId), eq(gradeStudent.id, id)))
        .limit(1);
      return row;
    },
    /**
     * Takes a seat in the class: false when it is full or no longer live. Run in the transaction that then adds
     * the member, so two joins cannot both take the last seat.
     */
    async takeSeat(siteId: bigint, gradeId: bigint): Promise<boolean> {
      const rows = await db
        .update(grade)
        .set({ studentCount: sql`${grade.studentCount} + 1` })
        .where(
          and(
            eq(grade.siteId, siteId),
            eq(grade.id, gradeId),
            eq(grade.statusId, 1),
            or(eq(grade.capacity, 0), sql`${grade.studentCount} < ${grade.capacity}`),
          ),
        )
        .returning({ id: grade.id });
      return rows.length > 0;
    },
    async freeSeat(siteId: bigint, gradeId: bigint): Promise<void> {
      await db
        .update(grade)
        .set({ studentCount: sql`greatest(${grade.studentCount} - 1, 0)` })
        .where(and(eq(grade.siteId, siteId), eq(grade.id, gradeId)));
    },
    /** Adds the user as a student, or turns a former member's row back on. */
    async addMember(siteId: bigint, gradeId: bigint, userId: bigint): Promise<GradeStudentRow> {
      const now = new Date();
      const [row] = await db
        .insert(gradeStudent)
        .values({ id: newId(), siteId, gradeId, userId, role: GradeRole.STUDENT, joinedAt: now })
        .onConflictDoUpdate({
          target: [gradeStudent.siteId, gradeStudent.gradeId, gradeStudent.userId],
          set: {
            statusId: 1,
            role: GradeRole.STUDENT,
            joinedAt: now,
            leftAt: null,
            leaveType: LeaveType.NONE,
            gmtModified: now,
          },
        })
        .returning();
      return row!;
    },
    /** The member leaves (quit or kicked); undefined when they were no longer one. */
    async leave(siteId: bigint, id: bigint, leaveType: number): Promise<GradeStudentRow | undefined> {
      const now = new Date();
      const [row] = await db
        .update(gradeStudent)
        .set({ statusId: 0, leftAt: now, leaveType, role: GradeRole.STUDENT, gmtModified: now })
        .where(and(eq(gradeStudent.siteId, siteId), eq(gradeStudent.id, id), eq(gradeStudent.statusId, 1)))
        .returning();
      return row;
    },
    async setRole(siteId: bigint, id: bigint, role: number): Promise<GradeStudentRow | undefined> {
      const [row] = await db
        .update(gradeStudent)
        .set({ role, gmtModified: new Date() })
        .where(and(eq(gradeStudent.siteId, siteId), eq(gradeStudent.id, id), eq(gradeStudent.statusId, 1)))
        .returning();
      return row;
    },
    /** The members, class admins first; `keyword` matches part of a nickname or of a mobile. */
    /** A page of members; `knownTotal`, the class's seat count, stands for the count of an unfiltered list. */
    async memberPage(siteId: bigint, gradeId: bigint, role: number, q: TPageQuery, keyword = '', knownTotal?: number) {
      const where = and(
        eq(gradeStudent.siteId, siteId),
        eq(gradeStudent.gradeId, gradeId),
        eq(gradeStudent.statusId, 1),
        role ? eq(gradeStudent.role, role) : undefined,
        keyword ? matching(siteId, keyword) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(gradeStudent)
          .where(where)
          .orderBy(desc(gradeStudent.role), desc(gradeStudent.joinedAt), desc(gradeStudent.id))
          .limit(limit)
          .offset(offset),
        role || keyword || knownTotal === undefined
          ? db.select({ n: count() }).from(gradeStudent).where(where)
          : [{ n: knownTotal }],
      ]);
      return { rows, total: total!.n };
    },
    /** Of these users, those who are members of the class now. */
    async membersAmong(siteId: bigint, gradeId: bigint, userIds: bigint[]): Promise<Set<bigint>> {
      if (!userIds.length) return new Set();
      const rows = await db
        .select({ userId: gradeStudent.userId })
        .from(gradeStudent)
        .where(
          and(
            eq(gradeStudent.siteId, siteId),
            eq(gradeStudent.gradeId, gradeId),
            eq(gradeStudent.statusId, 1),
            inArray(gradeStudent.userId, userIds),
          ),
        );
      return new Set(rows.map((r) => r.userId));
    },
    /** The user's role in each of these classes they are a member of. */
    async rolesOf(siteId: bigint, userId: bigint, gradeIds: bigint[]): Promise<Map<bigint, number>> {
      if (!gradeIds.length) return new Map();
      const rows = await db
        .select({ gradeId: gradeStudent.gradeId, role: gradeStudent.role })
        .from(gradeStudent)
        .where(
          and(
            eq(gradeStudent.siteId, siteId),
            eq(gradeStudent.userId, userId),
            eq(gradeStudent.statusId, 1),
            inArray(gradeStudent.gradeId, gradeIds),
          ),
        );
      return new Map(rows.map((r) => [r.gradeId, r.role]));
    },
    /**
     * How many running classes the user teaches and administers, the applications pending to them, and the live
     * class exams of the classes they teach that have not been disbanded.
     */
    async tipCounts(siteId: bigint, userId: bigint, now = new Date()) {
      const [row] = await tipCountsQ(db, { siteId, userId, now: now.toISOString() });
      const { examIds, ...counts } = row!;
      return { ...counts, teacherExamIds: examIds ? examIds.split(',').map(BigInt) : [] };
    },

    /* ---- courses ---- */

    async courseIds(siteId: bigint, gradeId: bigint): Promise<bigint[]> {
      const rows = await db
        .select({ courseId: gradeCourse.courseId })
        .from(gradeCourse)
        .where(and(eq(gradeCourse.siteId, siteId), eq(gradeCourse.gradeId, gradeId)))
        .orderBy(gradeCourse.sort, gradeCourse.id);
      return rows.map((r) => r.courseId);
    },
    /** Makes the class's courses exactly these, in this order. Gives the courses that were taken off. */
    async setCourses(siteId: bigint, gradeId: bigint, courseIds: bigint[]): Promise<bigint[]> {
      const ofGrade = and(eq(gradeCourse.siteId, siteId), eq(gradeCourse.gradeId, gradeId));
      const removed = await db
        .delete(gradeCourse)
        .where(and(ofGrade, courseIds.length ? notInArray(gradeCourse.courseId, courseIds) : undefined))
        .returning({ courseId: gradeCourse.courseId });
      for (const [i, courseId] of courseIds.entries()) {
        await db
          .insert(gradeCourse)
          .values({ id: newId(), siteId, gradeId, courseId, sort: i + 1 })
          .onConflictDoUpdate({
            target: [gradeCourse.siteId, gradeCourse.gradeId, gradeCourse.courseId],
            set: { sort: i + 1, gmtModified: new Date() },
          });
      }
      return removed.map((r) => r.courseId);
    },
    async addCourse(siteId: bigint, gradeId: bigint, courseId: bigint): Promise<void> {
      await db.insert(gradeCourse).values({ id: newId(), siteId, gradeId, courseId, sort: 1000 }).onConflictDoNothing();
    },
  };
}
export type GradeRepo = ReturnType<typeof gradeRepo>;
