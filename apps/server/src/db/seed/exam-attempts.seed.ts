import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { examPaper } from '../schema/exam.ts';
import { idsByMobile } from './demo-people.ts';
import { seedMarkedAttempts } from './marked-attempts.ts';
import { MEMBERS } from './order.seed.ts';
import { DEMO_GRADE_PAPER } from './grade-exam.seed.ts';
import type { Seeder } from './seed.ts';

const DAY = 86_400_000;
/** How many problems each demo member missed, in the order of MEMBERS. */
const WRONG = [1, 0, 2];

/**
 * The demo members have sat the free Python quiz in the exam centre over the past days, so the centre counts its
 * takers, their 考试记录 and wrong-answer books have something in them, and the lecturer's paper has results. The
 * demo student keeps a clean slate.
 */
export const examAttemptsSeeder: Seeder = {
  name: 'exam.attempts.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    const [paper] = await db
      .select()
      .from(examPaper)
      .where(and(eq(examPaper.siteId, siteId), eq(examPaper.examName, DEMO_GRADE_PAPER), eq(examPaper.isPutAway, 1)))
      .limit(1);
    if (!paper) return;
    const ids = await idsByMobile(
      db,
      siteId,
      MEMBERS.map((m) => m.mobile),
    );
    const now = Date.now();
    await seedMarkedAttempts(
      db,
      siteId,
      paper,
      MEMBERS.flatMap((m, i) => {
        const userId = ids.get(m.mobile);
        const start = new Date(now - (m.daysAgo + 0.5) * DAY);
        return userId ? [{ userId, wrong: WRONG[i] ?? 0, start, minutes: 8 + i }] : [];
      }),
    );
  },
};
