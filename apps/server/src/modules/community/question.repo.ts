import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, countNow, pageWindow, type CountMemo } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import {
  question,
  questionAnswer,
  questionAnswerComment,
  questionUserRecord,
} from '../../db/schema/community-question.ts';

export type QuestionRow = typeof question.$inferSelect;
export interface QuestionBrief {
  id: bigint;
  title: string;
  acceptedAnswerId: bigint | null;
}
export type QuestionSortKey = 'latest' | 'hot' | 'unanswered';
export interface QuestionValues {
  title: string;
  content: string;
  labelIds: bigint[];
}

/** Lists carry no body: a question's text can be long, and a list shows its first words only. */
const listed = {
  id: question.id,
  userId: question.userId,
  title: question.title,
  summary: sql<string>`left(${question.content}, 400)`,
  labelIds: question.labelIds,
  acceptedAnswerId: question.acceptedAnswerId,
  answerCount: question.answerCount,
  viewCount: question.viewCount,
  isHidden: question.isHidden,
  gmtCreate: question.gmtCreate,
  gmtModified: question.gmtModified,
};
export interface QuestionListRow {
  id: bigint;
  userId: bigint;
  title: string;
  summary: string;
  labelIds: bigint[];
  acceptedAnswerId: bigint | null;
  answerCount: number;
  viewCount: number;
  isHidden: number;
  gmtCreate: Date;
  gmtModified: Date;
}

export function questionRepo(db: Db, memo: CountMemo = countNow) {
  const site = (siteId: bigint) => eq(question.siteId, siteId);
  const shown = (siteId: bigint) => and(site(siteId), eq(question.isHidden, 0));

  async function page(
    where: SQL | undefined,
    order: SQL[],
    q: TPageQuery,
    countKey?: string,
  ): Promise<{ rows: QuestionListRow[]; total: number }> {
    const { limit, offset } = pageWindow(q);
    const rows = await db
      .select(listed)
      .from(question)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
    const counted = async () => (await db.select({ n: count() }).from(question).where(where))[0]!.n;
    return { rows, total: countKey === undefined ? await counted() : await memo(countKey, counted) };
  }

  return {
    /** The public list: a label's tab (or all), newest, hottest (answers, then views) or still unanswered. */
    list(siteId: bigint, q: TPageQuery & { labelId: bigint | null; sort: QuestionSortKey }) {
      const conds = [shown(siteId)];
      if (q.labelId !== null) conds.push(sql`${question.labelIds} @> array[${q.labelId}::bigint]`);
      if (q.sort === 'unanswered') conds.push(eq(question.answerCount, 0));
      const order =
        q.sort === 'hot'
          ? [desc(question.answerCount), desc(question.viewCount), desc(question.id)]
          : [desc(question.id)];
      return page(and(...conds), order, q, `list:${siteId}:${q.labelId ?? ''}:${q.sort === 'unanswered'}`);
    },
    /** Shown questions by id, in the order of `ids` (the search index's rank). */
    async shownByIds(siteId: bigint, ids: bigint[], total: number) {
      const rows = ids.length
        ? await db
            .select(listed)
            .from(question)
            .where(and(shown(siteId), inArray(question.id, ids)))
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
    },
    byUser(siteId: bigint, userId: bigint, q: TPageQuery) {
      return page(and(site(siteId), eq(question.userId, userId)), [desc(question.id)], q);
    },
    adminPage(siteId: bigint, q: TPageQuery & { title: string; isHidden?: number }) {
      const conds = [site(siteId)];
      if (q.title) conds.push(sql`${question.title} ilike ${containing(q.title)}`);
      if (q.isHidden !== undefined) conds.push(eq(question.isHidden, q.isHidden));
      return page(and(...conds), [desc(question.id)], q);
    },
    async byId(siteId: bigint, id: bigint): Promise<QuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(question)
        .where(and(site(siteId), eq(question.id, id)))
        .limit(1);
      return row;
    },
    async insert(siteId: bigint, userId: bigint, v: QuestionValues): Promise<QuestionRow> {
      const [row] = await db
        .insert(question)
        .values({ id: newId(), siteId, userId, ...v })
        .returning();
      return row!;
    },
    async update(siteId: bigint, id: bigint, v: QuestionValues): Promise<QuestionRow> {
      const [row] = await db
        .update(question)
        .set({ ...v, gmtModified: new Date() })
        .where(and(site(siteId), eq(question.id, id)))
        .returning();
      return row!;
    },
    async addView(siteId: bigint, id: bigint): Promise<void> {
      await db
        .update(question)
        .set({ viewCount: sql`${question.viewCount} + 1` })
        .where(and(shown(siteId), eq(question.id, id)));
    },
    /** Accepts the answer unless one already was; undefined when the question had one accepted first. */
    async accept(siteId: bigint, id: bigint, answerId: bigint): Promise<QuestionRow | undefined> {
      const [row] = await db
        .update(question)
        .set({ acceptedAnswerId: answerId, gmtModified: new Date() })
        .where(and(site(siteId), eq(question.id, id), isNull(question.acceptedAnswerId)))
        .returning();
      return row;
    },
    /** Counts the question's visible answers again, after one came, went, hid or came back. */
    async recount(siteId: bigint, id: bigint, answered: boolean): Promise<void> {
      await db
        .update(question)
        .set({
          answerCount: sql`(select count(*) from ${questionAnswer} a where a.site_id = ${siteId} and a.question_id = ${id} and a.is_hidden = 0)`,
          ...(answered ? { lastAnswerTime: new Date() } : {}),
        })
        .where(and(site(siteId), eq(question.id, id)));
    },
    /** Forgets an accepted answer that is gone. */
    async unaccept(siteId: bigint, answerId: bigint): Promise<void> {
      await db
        .update(question)
        .set({ acceptedAnswerId: null })
        .where(and(site(siteId), eq(question.acceptedAnswerId, answerId)));
    },
    async setHidden(siteId: bigint, id: bigint, isHidden: number): Promise<boolean> {
      const rows = await db
        .update(question)
        .set({ isHidden, gmtModified: new Date() })
        .where(and(site(siteId), eq(question.id, id)))
        .returning({ id: question.id });
      return rows.length > 0;
    },
    /** Deletes the question with its answers, their comments and likes. */
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db
        .delete(questionUserRecord)
        .where(and(eq(questionUserRecord.siteId, siteId), eq(questionUserRecord.questionId, id)));
      await db
        .delete(questionAnswerComment)
        .where(and(eq(questionAnswerComment.siteId, siteId), eq(questionAnswerComment.questionId, id)));
      await db.delete(questionAnswer).where(and(eq(questionAnswer.siteId, siteId), eq(questionAnswer.questionId, id)));
      await db.delete(question).where(and(site(siteId), eq(question.id, id)));
    },
    /** The titles and accepted answers of a few questions, for lists of answers. */
    async briefs(siteId: bigint, ids: bigint[]): Promise<Map<bigint, QuestionBrief>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: question.id, title: question.title, acceptedAnswerId: question.acceptedAnswerId })
        .from(question)
        .where(and(site(siteId), inArray(question.id, ids)));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type QuestionRepo = ReturnType<typeof questionRepo>;
