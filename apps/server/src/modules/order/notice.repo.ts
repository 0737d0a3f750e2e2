import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { payNoticeLog } from '../../db/schema/order.ts';

export type NoticeLogRow = typeof payNoticeLog.$inferSelect;
export type NoticeEntry = Omit<typeof payNoticeLog.$inferInsert, 'id' | 'siteId'>;

/** Kept of a notice's body: enough to see what a gateway said, without letting a flood of junk fill the disk. */
const RAW_KEEP = 4000;

/** The record of every payment notice that reached us. */
export function noticeRepo(db: Db) {
  return {
    async log(siteId: bigint, entry: NoticeEntry): Promise<void> {
      await db.insert(payNoticeLog).values({ ...entry, rawBody: (entry.rawBody ?? '').slice(0, RAW_KEEP), id: newId(), siteId });
    },
    async ofOrder(siteId: bigint, orderNo: bigint): Promise<NoticeLogRow[]> {
      return db.select().from(payNoticeLog).where(and(eq(payNoticeLog.siteId, siteId), eq(payNoticeLog.orderNo, orderNo))).orderBy(asc(payNoticeLog.id));
    },
  };
}
