import { and, asc, eq, sql } from 'drizzle-orm';
import { OrderStatus } from '#contract/order.ts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { sqlStatement } from '../../platform/db/statement.ts';
import { orderPay, payNoticeLog } from '../../db/schema/order.ts';

export type NoticeLogRow = typeof payNoticeLog.$inferSelect;
export type NoticeEntry = Omit<typeof payNoticeLog.$inferInsert, 'id' | 'siteId'>;

/** Kept of a notice's body: enough to see what a gateway said, without letting a flood of junk fill the disk. */
const RAW_KEEP = 4000;

type LogValues = Required<Omit<typeof payNoticeLog.$inferInsert, 'gmtCreate'>>;

/** What a notice is logged as, chosen before it is known whether this notice is the one that marks its payment. */
export interface LogChoice {
  result: number;
  reason: string;
}
type Marking = Omit<LogValues, 'result' | 'reason' | 'tradeNo'> & {
  orderId: bigint;
  payId: bigint;
  tradeNo: string;
  payTime: string;
  markedResult: number;
  markedReason: string;
  otherResult: number;
  otherReason: string;
};
const mp = (name: keyof Marking) => sql.placeholder(name);
const status = (s: number) => sql.raw(String(s));
/**
 * Marks the attempt paid once, closes the order's other waiting attempts, and logs the notice by whether this one
 * did the marking: one statement, inside the transaction that holds the order's lock.
 */
const markAndLogQ = sqlStatement<Marking>()(
  () => sql`with m as (
      update ${orderPay} set
        order_status = case when id = ${mp('payId')} then ${status(OrderStatus.PAID)} else ${status(OrderStatus.CLOSED)} end,
        trade_no = case when id = ${mp('payId')} then ${mp('tradeNo')}::text else trade_no end,
        pay_time = case when id = ${mp('payId')} then ${mp('payTime')}::timestamptz else pay_time end,
        gmt_modified = now()
      -- an attempt may be paid from waiting, failed at the gateway, or closed (a late notice)
      where site_id = ${mp('siteId')} and order_id = ${mp('orderId')} and (
        (id = ${mp('payId')} and order_status in (${status(OrderStatus.PENDING)}, ${status(OrderStatus.FAILED)}, ${status(OrderStatus.CLOSED)}))
        or (id <> ${mp('payId')} and order_status = ${status(OrderStatus.PENDING)}))
      returning id
    ), marked as (
      select exists (select 1 from m where id = ${mp('payId')}) as yes
    ), logged as (
      insert into ${payNoticeLog} (id, site_id, pay_type, serial_number, order_no, amount, trade_no, result, reason, raw_body)
      select ${mp('id')}, ${mp('siteId')}, ${mp('payType')}, ${mp('serialNumber')}, ${mp('orderNo')}, ${mp('amount')}, ${mp('tradeNo')}::text,
        case when yes then ${mp('markedResult')}::int else ${mp('otherResult')}::int end,
        case when yes then ${mp('markedReason')}::text else ${mp('otherReason')}::text end, ${mp('rawBody')}
      from marked
    )
    select yes from marked`,
);

/** A log row's values from an entry: its own id, and the defaults and bounds of what the entry leaves out. */
const logged = (siteId: bigint, e: Omit<NoticeEntry, 'result' | 'reason'>) => ({
  id: newId(),
  siteId,
  payType: e.payType,
  serialNumber: e.serialNumber ?? '',
  orderNo: e.orderNo ?? null,
  amount: e.amount ?? 0,
  rawBody: (e.rawBody ?? '').slice(0, RAW_KEEP),
});

/** The record of every payment notice that reached us. */
export function noticeRepo(db: Db) {
  return {
    async log(siteId: bigint, entry: NoticeEntry): Promise<void> {
      await db.insert(payNoticeLog).values({
        ...logged(siteId, entry),
        tradeNo: entry.tradeNo ?? '',
        result: entry.result,
        reason: entry.reason ?? '',
      });
    },
    /**
     * Marks an attempt paid, once (false when it already was, or was refunded, so a replay changes nothing), closes
     * the order's other waiting attempts, and logs the notice as `ifMarked` or `otherwise`. The caller holds the
     * order's lock.
     */
    async markPaidAndLog(
      siteId: bigint,
      p: { orderId: bigint; payId: bigint; tradeNo: string; payTime: Date },
      entry: Omit<NoticeEntry, 'result' | 'reason'>,
      ifMarked: LogChoice,
      otherwise: LogChoice,
    ): Promise<boolean> {
      const [row] = (await markAndLogQ(db, {
        ...logged(siteId, entry),
        ...p,
        payTime: p.payTime.toISOString(),
        markedResult: ifMarked.result,
        markedReason: ifMarked.reason,
        otherResult: otherwise.result,
        otherReason: otherwise.reason,
      })) as { yes: boolean }[];
      return row?.yes === true;
    },
    async ofOrder(siteId: bigint, orderNo: bigint): Promise<NoticeLogRow[]> {
      return db
        .select()
        .from(payNoticeLog)
        .where(and(eq(payNoticeLog.siteId, siteId), eq(payNoticeLog.orderNo, orderNo)))
        .orderBy(asc(payNoticeLog.id));
    },
  };
}
