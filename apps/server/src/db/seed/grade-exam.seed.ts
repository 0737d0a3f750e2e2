import { and, eq, inArray } from 'drizzle-orm';
import { RecordStatus } from '#contract/exam-attempt.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { paperRepo } from '../../modules/exam/paper.repo.ts';
import { problemRepo } from '../../modules/exam/problem.repo.ts';
import { loadStructure } from '../../modules/exam/paper-structure.ts';
import { scoreAnswer } from '../../modules/exam/exam-rules.ts';
import { examPaper } from '../schema/exam.ts';
import { examAnswer, examRecord } from '../schema/exam-attempt.ts';
import { grade } from '../schema/grade.ts';
import { gradeExam } from '../schema/grade-exam.ts';
import { user } from '../schema/user.ts';
import { seedState } from '../schema/platform.ts';
import { DEMO_GRADE_NAME, GRADE_MEMBERS, gradeSeeder } from './grade.seed.ts';
import type { Seeder } from './seed.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
export const DEMO_GRADE_PAPER = 'Python 基础小测';
/** How many problems each of the first members got wrong; the last member has not sat it yet. */
const WRONG = [0, 1, 3, 2];

/**
 * The demo class's exam: the demo lecturer's short Python paper, open from three days ago for a week, two attempts,
 * answers shown after handing in. Four members have sat it (marked, with different scores), the fifth has not.
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
    const members = await db
      .select({ id: user.id, mobile: user.mobile })
      .from(user)
      .where(
        and(
          eq(user.siteId, siteId),
          inArray(
            user.mobile,
            GRADE_MEMBERS.map((m) => m.mobile),
          ),
        ),
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

    const structure = await loadStructure(
      siteId,
      await paperRepo(db).outline(siteId, paper.id, 'published'),
      problemRepo(db),
    );
    const leaves = [...structure.leaves.values()];
    for (const [i, wrong] of WRONG.entries()) {
      const userId = members.find((m) => m.mobile === GRADE_MEMBERS[i]!.mobile)?.id;
      if (!userId) continue;
      const start = new Date(now - 2 * DAY + i * 3 * 3_600_000);
      const recordId = newId();
      const answers = leaves.map((leaf, k) => {
        const right = leaf.problem.answer.map((a) => a.split('|')[0]!);
        const given =
          k < wrong ? (leaf.problem.problemType === 4 ? ['不知道'] : right[0] === 'A' ? ['B'] : ['A']) : right;
        return { leaf, given, ...scoreAnswer(leaf.problem, given, leaf.max, paper.partialRule) };
      });
      const total = answers.reduce((n, a) => n + (a.score ?? 0), 0);
      await db.insert(examRecord).values({
        id: recordId,
        siteId,
        examId: paper.id,
        userId,
        lecturerUserId: paper.lecturerUserId,
        status: RecordStatus.MARKED,
        startTime: start,
        deadlineTime: new Date(start.getTime() + paper.answerTime * MINUTE),
        submitTime: new Date(start.getTime() + (6 + i) * MINUTE),
        objectiveScore: total,
        totalScore: total,
        isPass: total >= paper.passScore ? 1 : 0,
        gradeExamId,
      });
      await db.insert(examAnswer).values(
        answers.map((a) => ({
          id: newId(),
          siteId,
          recordId,
          problemId: a.leaf.problem.id,
          answer: a.given,
          savedTime: start,
          score: a.score,
          isCorrect: a.isCorrect,
          markStatus: a.markStatus,
        })),
      );
    }
  },
};
