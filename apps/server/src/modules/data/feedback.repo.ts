import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { feedbackLog } from '../../db/schema/feedback.ts';
import { newId } from '../../platform/ids.ts';

export type FeedbackRow = typeof feedbackLog.$inferSelect;

export function feedbackRepo(db: Db) {
  async function paged(q: TPageQuery, where: SQL | undefined) {
    const { limit, offset } = pageWindow(q);
    const rows = await db
      .select()
      .from(feedbackLog)
      .where(where)
      .orderBy(desc(feedbackLog.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(feedbackLog).where(where);
    return { rows, total: total!.n };
  }
  return {
    async insert(
      siteId: bigint,
      userId: bigint,
      values: Pick<FeedbackRow, 'feedbackType' | 'content' | 'contact' | 'imgUrls'>,
    ): Promise<FeedbackRow> {
      const [row] = await db
        .insert(feedbackLog)
        .values({ ...values, id: newId(), siteId, userId })
        .returning();
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .select()
        .from(feedbackLog)
        .where(and(eq(feedbackLog.siteId, siteId), eq(feedbackLog.id, id)))
        .limit(1);
      return row;
    },
    ownPage(siteId: bigint, userId: bigint, q: TPageQuery) {
      return paged(q, and(eq(feedbackLog.siteId, siteId), eq(feedbackLog.userId, userId)));
    },
    adminPage(siteId: bigint, q: TPageQuery & { isReply?: number; content: string }) {
      const conds: SQL[] = [eq(feedbackLog.siteId, siteId)];
      if (q.isReply === 1) conds.push(isNotNull(feedbackLog.replyTime));
      if (q.isReply === 0) conds.push(isNull(feedbackLog.replyTime));
      if (q.content) conds.push(ilike(feedbackLog.content, containing(q.content)));
      return paged(q, and(...conds));
    },
    async reply(siteId: bigint, id: bigint, replyText: string, adminId: bigint): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .update(feedbackLog)
        .set({ replyText, replyTime: new Date(), replyAdminId: adminId, gmtModified: new Date() })
        .where(and(eq(feedbackLog.siteId, siteId), eq(feedbackLog.id, id)))
        .returning();
      return row;
    },
  };
}
export type FeedbackRepo = ReturnType<typeof feedbackRepo>;
