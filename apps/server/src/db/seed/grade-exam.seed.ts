import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { examPaper } from '../schema/exam.ts';
import { grade } from '../schema/grade.ts';
import { gradeExam } from '../schema/grade-exam.ts';
import { seedState } from '../schema/platform.ts';
import { DEMO_GRADE_NAME, GRADE_MEMBERS, gradeSeeder } from './grade.seed.ts';
import { idsByMobile } from './demo-people.ts';
import { seedMarkedAttempts } from './marked-attempts.ts';
import type { Seeder } from './seed.ts';

const DAY = 86_400_000;
export const DEMO_GRADE_PAPER = 'Python 基础小测';
/** How many problems each of the first members got wrong; the last member has not sat it yet. */
const WRONG = [0, 1, 3, 2];

/**
 * The demo class's exam: the demo lecturer's short Python paper, open from three days ago for a week, two attempts,
 * answers shown after handing in. Four members have sat it (marked, with different scores, the problems they missed
 * in their wrong-answer books), the fifth has not.
 */
export const gradeExamSeeder: Seeder = {
  name: 'grade.exam.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    const [g] = await db
      .select()
      .from(grade)
      .where(and(eq(grade.siteId, siteId), eq(grade.gradeName, DEMO_GRADE_NAME)))
      .limit(1);
    if (!g) {
      // the class waits for the demo videos; come back after it
      const [done] = await db.select().from(seedState).where(eq(seedState.name, gradeSeeder.name));
      return done ? undefined : 'later';
    }
    const [paper] = await db
      .select()
      .from(examPaper)
      .where(
        and(
          eq(examPaper.siteId, siteId),
          eq(examPaper.lecturerUserId, g.lecturerUserId),
          eq(examPaper.examName, DEMO_GRADE_PAPER),
        ),
      )
      .limit(1);
    if (!paper) return;
    const ids = await idsByMobile(
      db,
      siteId,
      GRADE_MEMBERS.map((m) => m.mobile),
    );
    const now = Date.now();
    const gradeExamId = newId();
    await db.insert(gradeExam).values({
      id: gradeExamId,
      siteId,
      gradeId: g.id,
      examId: paper.id,
      lecturerUserId: g.lecturerUserId,
      beginTime: new Date(now - 3 * DAY),
      endTime: new Date(Math.min(now + 7 * DAY, g.endTime.getTime())),
      attemptLimit: 2,
      isShowAnswer: 1,
    });

    await seedMarkedAttempts(
      db,
      siteId,
      paper,
      WRONG.flatMap((wrong, i) => {
        const userId = ids.get(GRADE_MEMBERS[i]!.mobile);
        const start = new Date(now - 2 * DAY + i * 3 * 3_600_000);
        return userId ? [{ userId, wrong, start, minutes: 6 + i, gradeExamId }] : [];
      }),
    );
  },
};
