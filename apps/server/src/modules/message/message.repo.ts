import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { msg, msgUser } from '../../db/schema/message.ts';
import { newId } from '../../platform/ids.ts';
import { sqlStatement } from '../../platform/db/statement.ts';

export type MsgRow = typeof msg.$inferSelect;
export type NewMsg = Omit<typeof msg.$inferInsert, 'id' | 'siteId'>;
export interface InboxRow {
  entry: typeof msgUser.$inferSelect;
  msg: MsgRow;
}

type Delivered = Record<string, bigint | string>;
/** The statement that delivers n system messages, built once for each n up to this (decision 23). */
const BUILT_UP_TO = 4;
const deliveredQ = new Map<number, (db: Db, v: Delivered) => Promise<unknown[]>>();
function deliveredStatement(n: number) {
  let q = deliveredQ.get(n);
  if (!q) {
    const each = Array.from({ length: n }, (_, i) => i);
    const p = (name: string) => sql.placeholder(name);
    // the messages and their inbox entries in one statement
    q = sqlStatement<Delivered>()(
      () => sql`with m as (
          insert into ${msg} (id, site_id, msg_title, msg_text, target_kind, target_user_id, send_time, is_send, sent_count, created_by)
          values ${sql.join(
            each.map(
              (i) =>
                sql`(${p(`id${i}`)}, ${p('siteId')}, ${p(`title${i}`)}, ${p(`text${i}`)}, 'user', ${p(`user${i}`)}, ${p('now')}::timestamptz, 1, 1, 'system')`,
            ),
            sql`, `,
          )}
        )
        insert into ${msgUser} (id, site_id, msg_id, user_id)
        values ${sql.join(
          each.map((i) => sql`(${p(`entry${i}`)}, ${p('siteId')}, ${p(`id${i}`)}, ${p(`user${i}`)})`),
          sql`, `,
        )}`,
    );
    deliveredQ.set(n, q);
  }
  return q;
}

export function messageRepo(db: Db) {
  const inbox = (siteId: bigint, userId: bigint) => and(eq(msgUser.siteId, siteId), eq(msgUser.userId, userId));
  const joined = () =>
    db
      .select({ entry: msgUser, msg })
      .from(msgUser)
      .innerJoin(msg, and(eq(msg.id, msgUser.msgId), eq(msg.siteId, msgUser.siteId)));

  return {
    /** System messages each to one user, delivered together: one statement for a few, two for many. */
    async insertDelivered(siteId: bigint, list: { userId: bigint; title: string; text: string }[]): Promise<void> {
      if (list.length === 0) return;
      const now = new Date();
      if (list.length <= BUILT_UP_TO) {
        const v: Delivered = { siteId, now: now.toISOString() };
        list.forEach((m, i) =>
          Object.assign(v, {
            [`id${i}`]: newId(),
            [`entry${i}`]: newId(),
            [`title${i}`]: m.title,
            [`text${i}`]: m.text,
            [`user${i}`]: m.userId,
          }),
        );
        await deliveredStatement(list.length)(db, v);
        return;
      }
      const rows = list.map((m) => ({
        id: newId(),
        siteId,
        msgTitle: m.title,
        msgText: m.text,
        targetKind: 'user',
        targetUserId: m.userId,
        sendTime: now,
        isSend: 1,
        sentCount: 1,
        createdBy: 'system',
      }));
      await db.insert(msg).values(rows);
      await db.insert(msgUser).values(rows.map((r) => ({ id: newId(), siteId, msgId: r.id, userId: r.targetUserId })));
    },
    async insertMsg(siteId: bigint, values: NewMsg): Promise<MsgRow> {
      const [row] = await db
        .insert(msg)
        .values({ ...values, id: newId(), siteId })
        .returning();
      return row!;
    },
    async msgById(siteId: bigint, id: bigint): Promise<MsgRow | undefined> {
      const [row] = await db
        .select()
        .from(msg)
        .where(and(eq(msg.siteId, siteId), eq(msg.id, id)))
        .limit(1);
      return row;
    },
    /** Marks delivery as started; undefined when it already had (a retried job) or the message is gone. */
    async startSending(siteId: bigint, id: bigint): Promise<MsgRow | undefined> {
      const [row] = await db
        .update(msg)
        .set({ isSend: 1, gmtModified: new Date() })
        .where(and(eq(msg.siteId, siteId), eq(msg.id, id), eq(msg.isSend, 0)))
        .returning();
      return row;
    },
    async deleteUnsent(siteId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(msg)
        .where(and(eq(msg.siteId, siteId), eq(msg.id, id), eq(msg.isSend, 0)))
        .returning({ id: msg.id });
      return rows.length > 0;
    },
    /** Puts the message in each inbox once; a repeated delivery adds nothing. */
    async deliver(siteId: bigint, msgId: bigint, userIds: bigint[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insert(msgUser)
        .values(userIds.map((userId) => ({ id: newId(), siteId, msgId, userId })))
        .onConflictDoNothing();
      await db
        .update(msg)
        .set({
          sentCount: sql`(select count(*) from ${msgUser} where ${msgUser.siteId} = ${siteId} and ${msgUser.msgId} = ${msgId})`,
          gmtModified: new Date(),
        })
        .where(and(eq(msg.siteId, siteId), eq(msg.id, msgId)));
    },

    async inboxPage(
      siteId: bigint,
      userId: bigint,
      q: TPageQuery,
      isRead?: number,
    ): Promise<{ rows: InboxRow[]; total: number }> {
      const where =
        isRead === undefined ? inbox(siteId, userId) : and(inbox(siteId, userId), eq(msgUser.isRead, isRead));
      const { limit, offset } = pageWindow(q);
      const rows = await joined().where(where).orderBy(desc(msgUser.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(msgUser).where(where);
      return { rows, total: total!.n };
    },
    async inboxEntry(siteId: bigint, userId: bigint, id: bigint): Promise<InboxRow | undefined> {
      const [row] = await joined()
        .where(and(inbox(siteId, userId), eq(msgUser.id, id)))
        .limit(1);
      return row;
    },
    async markRead(siteId: bigint, userId: bigint, ids?: bigint[]): Promise<number> {
      const conds = [inbox(siteId, userId), eq(msgUser.isRead, 0)];
      if (ids) conds.push(inArray(msgUser.id, ids));
      const rows = await db
        .update(msgUser)
        .set({ isRead: 1, readTime: new Date() })
        .where(and(...conds))
        .returning({ id: msgUser.id });
      return rows.length;
    },
    async unread(siteId: bigint, userId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(msgUser)
        .where(and(inbox(siteId, userId), eq(msgUser.isRead, 0)));
      return row!.n;
    },
    /** Deletes the entries only when every one of them is the user's own; otherwise nothing. */
    async deleteOwn(siteId: bigint, userId: bigint, ids: bigint[]): Promise<number | undefined> {
      const where = and(inbox(siteId, userId), inArray(msgUser.id, ids));
      const [own] = await db.select({ n: count() }).from(msgUser).where(where);
      if (own!.n !== ids.length) return undefined;
      const rows = await db.delete(msgUser).where(where).returning({ id: msgUser.id });
      return rows.length;
    },

    async adminPage(siteId: bigint, q: TPageQuery & { isSend?: number; msgTitle: string }) {
      const conds = [eq(msg.siteId, siteId), eq(msg.createdBy, 'admin')];
      if (q.isSend !== undefined) conds.push(eq(msg.isSend, q.isSend));
      if (q.msgTitle) conds.push(sql`${msg.msgTitle} like ${containing(q.msgTitle)}`);
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({
          msg,
          // a selected fragment's columns are written unqualified, so the subquery names its tables itself
          readCount:
            sql<number>`(select count(*) from ${msgUser} r where r.site_id = ${msg}.site_id and r.msg_id = ${msg}.id and r.is_read = 1)`.mapWith(
              Number,
            ),
        })
        .from(msg)
        .where(and(...conds))
        .orderBy(desc(msg.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(msg)
        .where(and(...conds));
      return { rows, total: total!.n };
    },
    async readCount(siteId: bigint, msgId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(msgUser)
        .where(and(eq(msgUser.siteId, siteId), eq(msgUser.msgId, msgId), eq(msgUser.isRead, 1)));
      return row!.n;
    },
  };
}
export type MessageRepo = ReturnType<typeof messageRepo>;
