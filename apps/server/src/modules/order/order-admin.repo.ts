import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TPageQuery } from '#contract/call.ts';
import { OrderStatus } from '#contract/order.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { orderInfo } from '../../db/schema/order.ts';
import { user } from '../../db/schema/user.ts';
import type { OrderRow } from './order.repo.ts';

export interface AdminOrderFilter {
  orderNo: string;
  mobile: string;
  orderStatus?: number;
  productType?: number;
  from?: Date;
  to?: Date;
}

export type AdminOrderRow = { o: OrderRow; nickname: string; referrerMobile: string };

const SOLD = [OrderStatus.PAID, OrderStatus.REFUNDED];
const day = (col: SQL | typeof orderInfo.payTime) =>
  sql<string>`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
const num = (v: unknown): number => Number(v ?? 0);

/** The administrator's queries over orders: search, export, and the revenue dashboard. */
export function orderAdminRepo(db: Db) {
  const referrer = alias(user, 'referrer');
  const rows = () =>
    db
      .select({
        o: orderInfo,
        nickname: sql<string>`coalesce(${user.nickname}, '')`,
        referrerMobile: sql<string>`coalesce(${referrer.mobile}, '')`,
      })
      .from(orderInfo)
      .leftJoin(user, and(eq(user.siteId, orderInfo.siteId), eq(user.id, orderInfo.userId)))
      .leftJoin(referrer, and(eq(referrer.siteId, orderInfo.siteId), eq(referrer.id, orderInfo.referrerId)));

  function where(siteId: bigint, f: AdminOrderFilter): SQL {
    return and(
      eq(orderInfo.siteId, siteId),
      f.orderNo ? eq(orderInfo.orderNo, BigInt(f.orderNo)) : undefined,
      // the mobile as ordered with: a buyer who changed number is still found by the one on the order
      f.mobile ? sql`${orderInfo.mobile} like ${containing(f.mobile)}` : undefined,
      f.orderStatus !== undefined ? eq(orderInfo.orderStatus, f.orderStatus) : undefined,
      f.productType !== undefined ? eq(orderInfo.productType, f.productType) : undefined,
      f.from ? gte(orderInfo.gmtCreate, f.from) : undefined,
      f.to ? lt(orderInfo.gmtCreate, f.to) : undefined,
    )!;
  }

  return {
    async page(siteId: bigint, q: TPageQuery & AdminOrderFilter): Promise<{ rows: AdminOrderRow[]; total: number }> {
      const w = where(siteId, q);
      const { limit, offset } = pageWindow(q);
      const [list, [total]] = await Promise.all([
        rows().where(w).orderBy(desc(orderInfo.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(orderInfo).where(w),
      ]);
      return { rows: list, total: total!.n };
    },
    async all(siteId: bigint, f: AdminOrderFilter, limit: number): Promise<AdminOrderRow[]> {
      return rows().where(where(siteId, f)).orderBy(desc(orderInfo.id)).limit(limit);
    },
    async one(siteId: bigint, orderNo: bigint): Promise<AdminOrderRow | undefined> {
      const [row] = await rows()
        .where(and(eq(orderInfo.siteId, siteId), eq(orderInfo.orderNo, orderNo)))
        .limit(1);
      return row;
    },

    /** Totals of [from, to): sales by payment time (gross), refunds by refund time, the split of sales kept. */
    async totals(siteId: bigint, from: Date, to: Date) {
      const paidIn = and(
        eq(orderInfo.siteId, siteId),
        inArray(orderInfo.orderStatus, SOLD),
        gte(orderInfo.payTime, from),
        lt(orderInfo.payTime, to),
      );
      const refundedIn = and(
        eq(orderInfo.siteId, siteId),
        eq(orderInfo.orderStatus, OrderStatus.REFUNDED),
        gte(orderInfo.refundTime, from),
        lt(orderInfo.refundTime, to),
      );
      const kept = sql`${orderInfo.orderStatus} = ${OrderStatus.PAID}`;
      const [[sold], [back]] = await Promise.all([
        db
          .select({
            paidCount: count(),
            paidAmount: sql<string>`coalesce(sum(${orderInfo.pricePaid}), 0)`,
            lecturerProfit: sql<string>`coalesce(sum(${orderInfo.lecturerProfit}) filter (where ${kept}), 0)`,
            referralReward: sql<string>`coalesce(sum(${orderInfo.referralReward}) filter (where ${kept}), 0)`,
            platformProfit: sql<string>`coalesce(sum(${orderInfo.platformProfit}) filter (where ${kept}), 0)`,
          })
          .from(orderInfo)
          .where(paidIn),
        db
          .select({ refundCount: count(), refundAmount: sql<string>`coalesce(sum(${orderInfo.pricePaid}), 0)` })
          .from(orderInfo)
          .where(refundedIn),
      ]);
      return {
        paidCount: num(sold!.paidCount),
        paidAmount: num(sold!.paidAmount),
        refundCount: num(back!.refundCount),
        refundAmount: num(back!.refundAmount),
        lecturerProfit: num(sold!.lecturerProfit),
        referralReward: num(sold!.referralReward),
        platformProfit: num(sold!.platformProfit),
      };
    },
    async byDay(siteId: bigint, from: Date, to: Date) {
      const paidDay = day(orderInfo.payTime);
      const refundDay = day(sql`${orderInfo.refundTime}`);
      const [paid, refunded] = await Promise.all([
        db
          .select({ date: paidDay, n: count(), amount: sql<string>`coalesce(sum(${orderInfo.pricePaid}), 0)` })
          .from(orderInfo)
          .where(
            and(
              eq(orderInfo.siteId, siteId),
              inArray(orderInfo.orderStatus, SOLD),
              gte(orderInfo.payTime, from),
              lt(orderInfo.payTime, to),
            ),
          )
          .groupBy(paidDay),
        db
          .select({ date: refundDay, amount: sql<string>`coalesce(sum(${orderInfo.pricePaid}), 0)` })
          .from(orderInfo)
          .where(
            and(
              eq(orderInfo.siteId, siteId),
              eq(orderInfo.orderStatus, OrderStatus.REFUNDED),
              gte(orderInfo.refundTime, from),
              lt(orderInfo.refundTime, to),
            ),
          )
          .groupBy(refundDay),
      ]);
      return {
        paid: new Map(paid.map((r) => [r.date, { paidCount: num(r.n), paidAmount: num(r.amount) }])),
        refunded: new Map(refunded.map((r) => [r.date, num(r.amount)])),
      };
    },
    /** Orders placed per day of Asia/Shanghai, whatever became of them. */
    async placedByDay(siteId: bigint, from: Date, to: Date): Promise<Map<string, number>> {
      const placedDay = day(sql`${orderInfo.gmtCreate}`);
      const rows = await db
        .select({ date: placedDay, n: count() })
        .from(orderInfo)
        .where(and(eq(orderInfo.siteId, siteId), gte(orderInfo.gmtCreate, from), lt(orderInfo.gmtCreate, to)))
        .groupBy(placedDay);
      return new Map(rows.map((r) => [r.date, num(r.n)]));
    },
    /** The products that sold most (kept sales, by amount). */
    async topProducts(siteId: bigint, from: Date, to: Date, limit: number) {
      const amount = sql<string>`sum(${orderInfo.pricePaid})`;
      const list = await db
        .select({
          productType: orderInfo.productType,
          productId: orderInfo.productId,
          productName: sql<string>`max(${orderInfo.productName})`,
          n: count(),
          amount,
        })
        .from(orderInfo)
        .where(
          and(
            eq(orderInfo.siteId, siteId),
            eq(orderInfo.orderStatus, OrderStatus.PAID),
            gte(orderInfo.payTime, from),
            lt(orderInfo.payTime, to),
          ),
        )
        .groupBy(orderInfo.productType, orderInfo.productId)
        .orderBy(desc(amount))
        .limit(limit);
      return list.map((r) => ({
        productType: r.productType,
        productId: String(r.productId),
        productName: r.productName,
        paidCount: num(r.n),
        paidAmount: num(r.amount),
      }));
    },
  };
}
export type OrderAdminRepo = ReturnType<typeof orderAdminRepo>;
