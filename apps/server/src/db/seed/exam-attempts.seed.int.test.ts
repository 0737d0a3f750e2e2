import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordStatus } from '#contract/exam-attempt.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { examPaper } from '../schema/exam.ts';
import { examErrorProblem, examRecord } from '../schema/exam-attempt.ts';
import { user } from '../schema/user.ts';
import { DEMO_GRADE_PAPER } from './grade-exam.seed.ts';
import { GRADE_MEMBERS } from './grade.seed.ts';
import { MEMBERS } from './order.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the demo attempts', () => {
  it('count every handed-in attempt among the quiz takers, each with the missed problems in its taker’s book', async () => {
    const db = t.platform.db;
    const [paper] = await db
      .select()
      .from(examPaper)
      .where(and(eq(examPaper.siteId, t.siteId), eq(examPaper.examName, DEMO_GRADE_PAPER)));
    const records = await db.select().from(examRecord).where(eq(examRecord.examId, paper!.id));
    const people = await db
      .select({ id: user.id, mobile: user.mobile })
      .from(user)
      .where(inArray(user.mobile, [...MEMBERS, ...GRADE_MEMBERS].map((m) => m.mobile).concat('13800000001')));
    const mobileOf = new Map(people.map((u) => [u.id, u.mobile]));

    // three members in the exam centre, four in the class exam; the demo student none
    expect(paper!.studyCount).toBe(records.length);
    expect(records.filter((r) => r.gradeExamId === null).map((r) => mobileOf.get(r.userId))).toEqual(
      expect.arrayContaining(MEMBERS.map((m) => m.mobile)),
    );
    expect(records.filter((r) => r.gradeExamId !== null)).toHaveLength(4);
    expect(records.some((r) => mobileOf.get(r.userId) === '13800000001')).toBe(false);
    expect(records.every((r) => r.status === RecordStatus.MARKED && r.submitTime !== null)).toBe(true);

    // a taker who missed problems finds them in the book; one who missed none has an empty book
    const books = await db
      .select({ userId: examErrorProblem.userId, problemId: examErrorProblem.problemId })
      .from(examErrorProblem)
      .where(
        inArray(
          examErrorProblem.userId,
          records.map((r) => r.userId),
        ),
      );
    const full = Math.max(...records.map((r) => r.totalScore));
    for (const r of records) {
      const missed = books.filter((b) => b.userId === r.userId).length;
      expect(missed > 0, mobileOf.get(r.userId)).toBe(r.totalScore < full);
    }
  });
});
