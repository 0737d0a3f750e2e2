import { and, eq } from 'drizzle-orm';
import { UserType } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { user } from '../schema/user.ts';
import {
  communityLabel,
  question,
  questionAnswer,
  questionAnswerComment,
  questionUserRecord,
} from '../schema/community-question.ts';
import { QA_LABELS, QA_PEOPLE, QA_QUESTIONS } from './question-data.ts';
import { idsByMobile } from './demo-people.ts';
import type { Seeder } from './seed.ts';

const HOUR = 60 * 60_000;

/** The question labels and a lively Q&A: questions with answers (some accepted), comments and likes. */
export const questionSeeder: Seeder = {
  name: 'community.questions.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    const [student] = await db
      .select()
      .from(user)
      .where(and(eq(user.siteId, siteId), eq(user.mobile, QA_PEOPLE[0].mobile)))
      .limit(1);
    if (!student) return;
    for (const [i, person] of QA_PEOPLE.entries()) {
      if (!('nickname' in person)) continue;
      await db
        .insert(user)
        .values({
          id: newId(),
          siteId,
          mobile: person.mobile,
          passwordHash: student.passwordHash,
          nickname: person.nickname,
          userType: UserType.NORMAL,
          referralCode: `DEMOQ${i}`,
        })
        .onConflictDoNothing();
    }
    const byMobile = await idsByMobile(
      db,
      siteId,
      QA_PEOPLE.map((x) => x.mobile),
    );
    const people = QA_PEOPLE.map((x) => byMobile.get(x.mobile));
    if (people.some((x) => x === undefined)) return;
    const who = (i: number) => people[i]!;

    const labelIds = new Map<string, bigint>();
    for (const [i, name] of QA_LABELS.entries()) {
      const id = newId();
      labelIds.set(name, id);
      await db.insert(communityLabel).values({ id, siteId, labelType: 2, labelName: name, sort: (i + 1) * 10 });
    }

    const now = Date.now();
    // the oldest first, so that ids (snowflakes, in time order) sort the questions as they were asked
    for (const q of [...QA_QUESTIONS].reverse()) {
      const asked = new Date(now - q.hoursAgo * HOUR);
      const qid = newId();
      const answerIds = q.answers.map(() => newId());
      const acceptedId = q.accepted === undefined ? null : answerIds[q.accepted]!;
      await db.insert(question).values({
        id: qid,
        siteId,
        userId: who(q.by),
        title: q.title,
        content: q.body,
        labelIds: q.labels.map((l) => labelIds.get(l)!),
        acceptedAnswerId: acceptedId,
        answerCount: q.answers.length,
        viewCount: q.views,
        lastAnswerTime: q.answers.length ? new Date(asked.getTime() + q.answers.length * 20 * 60_000) : null,
        gmtCreate: asked,
        gmtModified: asked,
      });
      for (const [i, a] of q.answers.entries()) {
        const at = new Date(asked.getTime() + (i + 1) * 20 * 60_000);
        const aid = answerIds[i]!;
        await db.insert(questionAnswer).values({
          id: aid,
          siteId,
          questionId: qid,
          userId: who(a.by),
          content: a.body,
          likeCount: a.likes?.length ?? 0,
          commentCount: a.comments?.length ?? 0,
          gmtCreate: at,
          gmtModified: at,
        });
        for (const [j, c] of (a.comments ?? []).entries()) {
          const cat = new Date(at.getTime() + (j + 1) * 10 * 60_000);
          await db.insert(questionAnswerComment).values({
            id: newId(),
            siteId,
            questionId: qid,
            answerId: aid,
            userId: who(c.by),
            commentText: c.text,
            gmtCreate: cat,
            gmtModified: cat,
          });
        }
        if (a.likes?.length) {
          await db.insert(questionUserRecord).values(
            a.likes.map((l) => ({
              id: newId(),
              siteId,
              userId: who(l),
              answerId: aid,
              questionId: qid,
              recordType: 1,
            })),
          );
        }
      }
    }
  },
};
