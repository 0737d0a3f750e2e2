import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
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
