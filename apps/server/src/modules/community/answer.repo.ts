import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { questionAnswer, questionAnswerComment, questionUserRecord } from '../../db/schema/community-question.ts';

export type AnswerRow = typeof questionAnswer.$inferSelect;
export type AnswerCommentRow = typeof questionAnswerComment.$inferSelect;

/** The newest comments shown under each answer. */
export const COMMENTS_SHOWN = 50;
const LIKE = 1;

export function answerRepo(db: Db) {
  const site = (siteId: bigint) => eq(questionAnswer.siteId, siteId);
  const cSite = (siteId: bigint) => eq(questionAnswerComment.siteId, siteId);

  async function page(where: SQL | undefined, order: SQL[], q: TPageQuery) {
    const { limit, offset } = pageWindow(q);
    const rows = await db
      .select()
      .from(questionAnswer)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
    const [total] = await db.select({ n: count() }).from(questionAnswer).where(where);
    return { rows, total: total!.n };
  }

  return {
    async insert(siteId: bigint, questionId: bigint, userId: bigint, content: string): Promise<AnswerRow> {
      const [row] = await db
        .insert(questionAnswer)
        .values({ id: newId(), siteId, questionId, userId, content })
        .returning();
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<AnswerRow | undefined> {
      const [row] = await db
        .select()
        .from(questionAnswer)
        .where(and(site(siteId), eq(questionAnswer.id, id)))
        .limit(1);
      return row;
    },
    /** A question's visible answers: the accepted one first, then the most liked, then the earliest. */
    ofQuestion(siteId: bigint, questionId: bigint, acceptedId: bigint | null, q: TPageQuery) {
      const order = [desc(questionAnswer.likeCount), asc(questionAnswer.id)];
      if (acceptedId !== null) order.unshift(desc(sql`(${questionAnswer.id} = ${acceptedId})`));
      return page(
        and(site(siteId), eq(questionAnswer.questionId, questionId), eq(questionAnswer.isHidden, 0)),
        order,
        q,
      );
    },
    byUser(siteId: bigint, userId: bigint, q: TPageQuery) {
      return page(and(site(siteId), eq(questionAnswer.userId, userId)), [desc(questionAnswer.id)], q);
    },
    adminPage(siteId: bigint, q: TPageQuery & { questionId: bigint | null; keyword: string; isHidden?: number }) {
      const conds = [site(siteId)];
      if (q.questionId !== null) conds.push(eq(questionAnswer.questionId, q.questionId));
      if (q.keyword) conds.push(sql`${questionAnswer.content} ilike ${containing(q.keyword)}`);
      if (q.isHidden !== undefined) conds.push(eq(questionAnswer.isHidden, q.isHidden));
      return page(and(...conds), [desc(questionAnswer.id)], q);
    },
    async setHidden(siteId: bigint, id: bigint, isHidden: number): Promise<boolean> {
      const rows = await db
        .update(questionAnswer)
        .set({ isHidden, gmtModified: new Date() })
        .where(and(site(siteId), eq(questionAnswer.id, id)))
        .returning({ id: questionAnswer.id });
      return rows.length > 0;
    },
    /** Deletes the answer with its comments and likes. */
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db
        .delete(questionUserRecord)
        .where(and(eq(questionUserRecord.siteId, siteId), eq(questionUserRecord.answerId, id)));
      await db.delete(questionAnswerComment).where(and(cSite(siteId), eq(questionAnswerComment.answerId, id)));
      await db.delete(questionAnswer).where(and(site(siteId), eq(questionAnswer.id, id)));
    },

    async insertComment(
      siteId: bigint,
      answer: { id: bigint; questionId: bigint },
      userId: bigint,
      commentText: string,
    ): Promise<AnswerCommentRow> {
      const [row] = await db
        .insert(questionAnswerComment)
        .values({ id: newId(), siteId, questionId: answer.questionId, answerId: answer.id, userId, commentText })
        .returning();
      return row!;
    },
    async commentById(siteId: bigint, id: bigint): Promise<AnswerCommentRow | undefined> {
      const [row] = await db
        .select()
        .from(questionAnswerComment)
        .where(and(cSite(siteId), eq(questionAnswerComment.id, id)))
        .limit(1);
      return row;
    },
    /** The newest visible comments of each answer, oldest first within an answer. */
    async commentsOf(siteId: bigint, answerIds: bigint[]): Promise<Map<bigint, AnswerCommentRow[]>> {
      const out = new Map<bigint, AnswerCommentRow[]>();
      if (answerIds.length === 0) return out;
      // ranked in SQL, so an answer with thousands of comments sends only the newest
      const ranked = db
        .select({
          id: questionAnswerComment.id,
          rn: sql<number>`row_number() over (partition by ${questionAnswerComment.answerId} order by ${questionAnswerComment.id} desc)`.as(
            'rn',
          ),
        })
        .from(questionAnswerComment)
        .where(
          and(cSite(siteId), inArray(questionAnswerComment.answerId, answerIds), eq(questionAnswerComment.isHidden, 0)),
        )
        .as('ranked');
      const rows = await db
        .select({ c: questionAnswerComment })
        .from(questionAnswerComment)
        .innerJoin(ranked, eq(ranked.id, questionAnswerComment.id))
        .where(and(cSite(siteId), sql`${ranked.rn} <= ${COMMENTS_SHOWN}`))
        .orderBy(asc(questionAnswerComment.id));
      for (const { c } of rows) out.set(c.answerId, [...(out.get(c.answerId) ?? []), c]);
      return out;
    },
    async setCommentHidden(siteId: bigint, id: bigint, isHidden: number): Promise<boolean> {
      const rows = await db
        .update(questionAnswerComment)
        .set({ isHidden, gmtModified: new Date() })
        .where(and(cSite(siteId), eq(questionAnswerComment.id, id)))
        .returning({ id: questionAnswerComment.id });
      return rows.length > 0;
    },
    async removeComment(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(questionAnswerComment).where(and(cSite(siteId), eq(questionAnswerComment.id, id)));
    },
    /** Counts the answer's visible comments again. */
    async recountComments(siteId: bigint, answerId: bigint): Promise<void> {
      await db
        .update(questionAnswer)
        .set({
          commentCount: sql`(select count(*) from ${questionAnswerComment} c where c.site_id = ${siteId} and c.answer_id = ${answerId} and c.is_hidden = 0)`,
        })
        .where(and(site(siteId), eq(questionAnswer.id, answerId)));
    },

    /** Likes or unlikes once; answers the answer's like count after. */
    async setLike(siteId: bigint, userId: bigint, answer: AnswerRow, like: boolean): Promise<number> {
      if (like) {
        await db
          .insert(questionUserRecord)
          .values({ id: newId(), siteId, userId, answerId: answer.id, questionId: answer.questionId, recordType: LIKE })
          .onConflictDoNothing();
      } else {
        await db
          .delete(questionUserRecord)
          .where(
            and(
              eq(questionUserRecord.siteId, siteId),
              eq(questionUserRecord.userId, userId),
              eq(questionUserRecord.answerId, answer.id),
              eq(questionUserRecord.recordType, LIKE),
            ),
          );
      }
      const [row] = await db
        .update(questionAnswer)
        .set({
          likeCount: sql`(select count(*) from ${questionUserRecord} r where r.site_id = ${siteId} and r.answer_id = ${answer.id} and r.record_type = ${LIKE})`,
        })
        .where(and(site(siteId), eq(questionAnswer.id, answer.id)))
        .returning({ likeCount: questionAnswer.likeCount });
      return row!.likeCount;
    },
    async likedIn(siteId: bigint, userId: bigint, questionId: bigint): Promise<bigint[]> {
      const rows = await db
        .select({ answerId: questionUserRecord.answerId })
        .from(questionUserRecord)
        .where(
          and(
            eq(questionUserRecord.siteId, siteId),
            eq(questionUserRecord.userId, userId),
            eq(questionUserRecord.questionId, questionId),
            eq(questionUserRecord.recordType, LIKE),
          ),
        );
      return rows.map((r) => r.answerId);
    },
  };
}
export type AnswerRepo = ReturnType<typeof answerRepo>;
