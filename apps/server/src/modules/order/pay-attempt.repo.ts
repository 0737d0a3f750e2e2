import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { OrderStatus } from '#contract/order.ts';
import type { Db } from '../../platform/db/client.ts';
import { orderInfo, orderPay } from '../../db/schema/order.ts';

/** What asking a gateway about an attempt needs of it. */
export interface OpenAttempt {
  siteId: bigint;
  orderId: bigint;
  serialNumber: bigint;
  payType: string;
}

const openAttempt = {
  siteId: orderPay.siteId,
  orderId: orderPay.orderId,
  serialNumber: orderPay.serialNumber,
  payType: orderPay.payType,
};

/** The payment attempts a gateway may know more about than we do: those no notice has settled. */
export function payAttemptRepo(db: Db) {
  return {
    /** The order's attempts not yet paid: waiting, failed or closed (a closed one may still have been paid). */
    async unsettledOf(siteId: bigint, orderId: bigint): Promise<OpenAttempt[]> {
      return db
        .select(openAttempt)
        .from(orderPay)
        .where(
          and(
            eq(orderPay.siteId, siteId),
            eq(orderPay.orderId, orderId),
            inArray(orderPay.orderStatus, [OrderStatus.PENDING, OrderStatus.FAILED, OrderStatus.CLOSED]),
          ),
        )
        .orderBy(asc(orderPay.id));
    },
    /** Pending orders past their closing time, oldest first (the sweep after a restart). */
    async overdue(limit: number): Promise<{ siteId: bigint; id: bigint }[]> {
      return db
        .select({ siteId: orderInfo.siteId, id: orderInfo.id })
        .from(orderInfo)
        .where(and(eq(orderInfo.orderStatus, OrderStatus.PENDING), lte(orderInfo.expireAt, sql`now()`)))
        .orderBy(orderInfo.expireAt)
        .limit(limit);
    },
    /**
     * The attempts of one window of the books, on every site: those that paid an order (paid or refunded since),
     * and those of orders still unpaid, started in the window. The daily reconciliation asks the gateway about each.
     */
    async ofWindow(from: Date, to: Date, limit: number) {
      return db
        .select({
          siteId: orderPay.siteId,
          orderId: orderPay.orderId,
          orderNo: orderPay.orderNo,
          serialNumber: orderPay.serialNumber,
          payType: orderPay.payType,
          amount: orderPay.amount,
          payStatus: orderPay.orderStatus,
          orderStatus: orderInfo.orderStatus,
          remark: orderInfo.remark,
        })
        .from(orderPay)
        .innerJoin(orderInfo, and(eq(orderInfo.siteId, orderPay.siteId), eq(orderInfo.id, orderPay.orderId)))
        .where(and(sql`${orderPay.gmtCreate} >= ${from}`, lt(orderPay.gmtCreate, to)))
        .orderBy(asc(orderPay.gmtCreate))
        .limit(limit);
    },
    async bySerial(siteId: bigint, serialNumber: bigint) {
      const [row] = await db
        .select()
        .from(orderPay)
        .where(and(eq(orderPay.siteId, siteId), eq(orderPay.serialNumber, serialNumber)))
        .limit(1);
      return row;
    },
    /** One paid attempt returned through its gateway: refunded, with the gateway's reference of the refund. */
    async markRefunded(siteId: bigint, payId: bigint, refundTradeNo: string): Promise<void> {
      await db
        .update(orderPay)
        .set({ orderStatus: OrderStatus.REFUNDED, refundTradeNo, gmtModified: new Date() })
        .where(and(eq(orderPay.siteId, siteId), eq(orderPay.id, payId), eq(orderPay.orderStatus, OrderStatus.PAID)));
    },
    /** The attempt that paid an order (its serial number is the order's), refunded with the order. */
    async refundPaying(siteId: bigint, orderId: bigint, serialNumber: bigint): Promise<void> {
      await db
        .update(orderPay)
        .set({ orderStatus: OrderStatus.REFUNDED, gmtModified: new Date() })
        .where(
          and(
            eq(orderPay.siteId, siteId),
            eq(orderPay.orderId, orderId),
            eq(orderPay.serialNumber, serialNumber),
            eq(orderPay.orderStatus, OrderStatus.PAID),
          ),
        );
    },
    async orderStatus(siteId: bigint, orderId: bigint): Promise<number | undefined> {
      const [row] = await db
        .select({ s: orderInfo.orderStatus })
        .from(orderInfo)
        .where(and(eq(orderInfo.siteId, siteId), eq(orderInfo.id, orderId)))
        .limit(1);
      return row?.s;
    },
    /**
     * Waiting attempts of waiting orders started before `before`, on every site, oldest first: the scheduled query
     * asks after each in case its notice was lost.
     */
    async waiting(before: Date, limit: number): Promise<OpenAttempt[]> {
      return db
        .select(openAttempt)
        .from(orderPay)
        .innerJoin(orderInfo, and(eq(orderInfo.siteId, orderPay.siteId), eq(orderInfo.id, orderPay.orderId)))
        .where(
          and(
            eq(orderInfo.orderStatus, OrderStatus.PENDING),
            eq(orderPay.orderStatus, OrderStatus.PENDING),
            lt(orderPay.gmtCreate, before),
            sql`${orderInfo.expireAt} > now()`,
          ),
        )
        .orderBy(asc(orderPay.gmtCreate))
        .limit(limit);
    },
  };
}
