import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CategoryType } from '#contract/exam.ts';
import { ApplyStatus, GradeRole, JoinRule } from '#contract/grade.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { course, coursePeriod } from '../schema/course.ts';
import { examCategory } from '../schema/exam.ts';
import { courseMean } from '#contract/study.ts';
import { addDays, dayStart } from '../../platform/day-range.ts';
import { formatTime } from '../../platform/time.ts';
import { grade, gradeApply, gradeCourse, gradeDay, gradeStudent } from '../schema/grade.ts';
import { userStudy } from '../schema/study.ts';
import { user } from '../schema/user.ts';
import { seedState } from '../schema/platform.ts';
import { vodSeeder } from './vod.seed.ts';
import type { Seeder } from './seed.ts';

const DAY = 86_400_000;
const TEACHER = '13800000002';
const STUDENT = '13800000001';
const COURSES = ['JavaScript 进阶：异步与模块化', 'React 从入门到项目实战'];
/** The class's subject, one of the exam seed's: the class list's filter finds it there. */
const SUBJECT = 'JavaScript';
/** The class's learners: the first is its class admin; `lessons` of each class course studied, the last half. */
export const GRADE_MEMBERS = [
  { mobile: '13800000201', nickname: '周同学', lessons: [4, 3] },
  { mobile: '13800000202', nickname: '吴同学', lessons: [6, 2] },
  { mobile: '13800000203', nickname: '郑同学', lessons: [2, 0] },
  { mobile: '13800000204', nickname: '冯同学', lessons: [1, 1] },
  { mobile: '13800000205', nickname: '陈同学', lessons: [0, 0] },
];
/** Applied to join and waits for the audit. */
export const GRADE_APPLICANT = { mobile: '13800000206', nickname: '褚同学' };
export const DEMO_GRADE_NAME = '前端进阶训练营（春季班）';

/**
 * A class run by the demo lecturer: joined by application, two of the lecturer's paid courses attached, five
 * learners (one of them a class admin) who have studied some lessons (with the demo videos), and one application
 * waiting. The demo
 * student is not in it, so the class page can be tried from outside.
 */
export const gradeSeeder: Seeder = {
  name: 'grade.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    if (p.config.vod.demoVideos) {
      const [videos] = await db.select().from(seedState).where(eq(seedState.name, vodSeeder.name));
      if (!videos) return 'later';
    }
    const [teacher] = await db
      .select()
      .from(user)
      .where(and(eq(user.siteId, siteId), eq(user.mobile, TEACHER)));
    const [student] = await db
      .select()
      .from(user)
      .where(and(eq(user.siteId, siteId), eq(user.mobile, STUDENT)));
    const courses = await db
      .select()
      .from(course)
      .where(
        and(
          eq(course.siteId, siteId),
          eq(course.lecturerUserId, teacher?.id ?? 0n),
          inArray(course.courseName, COURSES),
        ),
      );
    if (!teacher || !student || courses.length !== COURSES.length) return;
    courses.sort((a, b) => COURSES.indexOf(a.courseName) - COURSES.indexOf(b.courseName));

    const [subject] = await db
      .select({ id: examCategory.id })
      .from(examCategory)
      .where(
        and(
          eq(examCategory.siteId, siteId),
          eq(examCategory.categoryType, CategoryType.SUBJECT),
          eq(examCategory.categoryName, SUBJECT),
        ),
      );

    const now = Date.now();
    const gradeId = newId();
    const people = [...GRADE_MEMBERS, GRADE_APPLICANT];
    const users = await db
      .insert(user)
      .values(
        people.map((m) => ({
          id: newId(),
          siteId,
          mobile: m.mobile,
          passwordHash: student.passwordHash,
          nickname: m.nickname,
          referralCode: `DEMOG${m.mobile.slice(-3)}`,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const idOf = new Map(users.map((u) => [u.mobile, u.id]));
    if (idOf.size !== people.length) return;

    await db.insert(grade).values({
      id: gradeId,
      siteId,
      gradeName: DEMO_GRADE_NAME,
      introduction:
        '十二周带你吃透 JavaScript 异步与模块化，再用 React 完成一个完整项目。每周布置学习任务，班主任跟进每位同学的进度。',
      capacity: 50,
      beginTime: new Date(now - 14 * DAY),
      endTime: new Date(now + 70 * DAY),
      joinRule: JoinRule.APPLY,
      invitationCode: 'QKFE26',
      lecturerUserId: teacher.id,
      categoryId: subject?.id ?? null,
      studentCount: GRADE_MEMBERS.length,
    });
    await db
      .insert(gradeCourse)
      .values(courses.map((c, i) => ({ id: newId(), siteId, gradeId, courseId: c.id, sort: i + 1 })));
    await db.insert(gradeStudent).values(
      GRADE_MEMBERS.map((m, i) => ({
        id: newId(),
        siteId,
        gradeId,
        userId: idOf.get(m.mobile)!,
        role: i === 0 ? GradeRole.ADMIN : GradeRole.STUDENT,
        joinedAt: new Date(now - (13 - i) * DAY),
      })),
    );
    await db.insert(gradeApply).values({
      id: newId(),
      siteId,
      gradeId,
      userId: idOf.get(GRADE_APPLICANT.mobile)!,
      applyStatus: ApplyStatus.PENDING,
      applyRemark: '想系统学习前端，希望能加入',
    });

    // progress, as the study history does: only lessons with a demo video (none when they are off, as in tests),
    // the first of each class course in order, the last one half watched
    const rows: (typeof userStudy.$inferInsert)[] = [];
    for (const [ci, c] of courses.entries()) {
      const lessons = await db
        .select({ id: coursePeriod.id, chapterId: coursePeriod.chapterId })
        .from(coursePeriod)
        .where(
          and(
            eq(coursePeriod.siteId, siteId),
            eq(coursePeriod.courseId, c.id),
            eq(coursePeriod.statusId, 1),
            isNotNull(coursePeriod.videoId),
          ),
        )
        .orderBy(asc(coursePeriod.chapterId), asc(coursePeriod.sort), asc(coursePeriod.id));
      for (const [mi, m] of GRADE_MEMBERS.entries()) {
        const n = Math.min(m.lessons[ci]!, lessons.length);
        for (const [li, l] of lessons.slice(0, n).entries()) {
          const last = li === n - 1;
          const at = new Date(now - (10 - mi - li) * DAY);
          rows.push({
            id: newId(),
            siteId,
            userId: idOf.get(m.mobile)!,
            courseId: c.id,
            chapterId: l.chapterId,
            periodId: l.id,
            percent: last ? 50 : 100,
            isFinish: last ? 0 : 1,
            gmtCreate: at,
            gmtModified: at,
          });
        }
      }
    }
    if (rows.length) await db.insert(userStudy).values(rows);
    // each member who studied a class course counts among its learners (人在学), as learn.service does
    for (const c of courses) {
      const learners = new Set(rows.filter((r) => r.courseId === c.id).map((r) => r.userId)).size;
      if (learners)
        await db
          .update(course)
          .set({ countStudy: sql`${course.countStudy} + ${learners}` })
          .where(and(eq(course.siteId, siteId), eq(course.id, c.id)));
    }
    await db.insert(gradeDay).values(
      pastDays(
        new Date(now - 14 * DAY),
        new Date(now),
        GRADE_MEMBERS.map((m, i) => ({ userId: idOf.get(m.mobile)!, joinedAt: new Date(now - (13 - i) * DAY) })),
        courses,
        rows,
      ).map((d) => ({ id: newId(), siteId, gradeId, ...d })),
    );
  },
};

/**
 * The class's daily figures from its first day to yesterday, as the daily job would have written them, worked out
 * from the seed's own members and progress above: a member counts from the day they joined, a lesson from the day
 * its progress was written (with the percent it has now), and a member studied on a day when a lesson of theirs was
 * written on it. Past snapshots of this seed, not figures of their own.
 */
function pastDays(
  begin: Date,
  now: Date,
  members: { userId: bigint; joinedAt: Date }[],
  courses: { id: bigint; periodTotal: number }[],
  rows: (typeof userStudy.$inferInsert)[],
) {
  const out: { day: string; memberCount: number; meanProgress: number; studiedCount: number }[] = [];
  const today = formatTime(now).slice(0, 10);
  for (let day = formatTime(begin).slice(0, 10); day < today; day = addDays(day, 1)) {
    const from = dayStart(day);
    const to = dayStart(addDays(day, 1));
    const present = members.filter((m) => m.joinedAt < to);
    const written = (r: (typeof rows)[number]) => r.gmtModified! < to;
    const means = present.map((m) => {
      const each = courses.map((c) =>
        courseMean(
          rows.filter((r) => r.userId === m.userId && r.courseId === c.id && written(r)).map((r) => r.percent!),
          c.periodTotal,
        ),
      );
      // one decimal per member, as the summary gives each member's mean
      return each.length ? Math.round((each.reduce((a, b) => a + b, 0) / each.length) * 10) / 10 : 0;
    });
    out.push({
      day,
      memberCount: present.length,
      meanProgress: means.length ? Math.round((means.reduce((a, b) => a + b, 0) / means.length) * 10) / 10 : 0,
      studiedCount: present.filter((m) =>
        rows.some((r) => r.userId === m.userId && r.gmtModified! >= from && r.gmtModified! < to),
      ).length,
    });
  }
  return out;
}
