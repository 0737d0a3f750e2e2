import { and, count, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TPageQuery } from '#contract/call.ts';
import { OrderStatus } from '#contract/order.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { param, sqlStatement, statement } from '../../platform/db/statement.ts';
import { orderInfo, orderPay } from '../../db/schema/order.ts';
import { job } from '../../db/schema/platform.ts';
import { lecturer } from '../../db/schema/lecturer.ts';
import { website } from '../../db/schema/system.ts';
import { user } from '../../db/schema/user.ts';

export type OrderRow = typeof orderInfo.$inferSelect;
export type NewOrder = Omit<typeof orderInfo.$inferInsert, 'siteId'>;
export type PayRow = typeof orderPay.$inferSelect;
export type NewPay = Omit<typeof orderPay.$inferInsert, 'siteId'>;

/** A locked order with what its split needs: the lecturer's rate, the site's rate, and a referrer who may be rewarded. */
export interface SettlingOrder {
  order: OrderRow;
  shareRate: number | null;
  referralRate: number | null;
  referrerId: bigint | null;
}

/** What a payment writes on its order; `Settlement.pay` sets every one of them. */
export type SettledOrder = Required<Pick<NewOrder, (typeof SETTLED)[number]>>;
const SETTLED = [
  'orderStatus',
  'pricePaid',
  'shareRate',
  'referralRate',
  'referrerId',
  'lecturerProfit',
  'referralReward',
  'platformProfit',
  'payType',
  'serialNumber',
  'tradeNo',
  'payTime',
  'remark',
  'gmtModified',
] as const;

/** What checkout writes of a new order; the rest keeps its defaults. */
export type CreatedOrder = Required<
  Pick<
    NewOrder,
    | 'id'
    | 'orderNo'
    | 'userId'
    | 'mobile'
    | 'productType'
    | 'productId'
    | 'productName'
    | 'productImg'
    | 'courseType'
    | 'vipDays'
    | 'lecturerUserId'
    | 'lecturerName'
    | 'rulingPrice'
    | 'pricePayable'
    | 'payType'
    | 'serialNumber'
    | 'expireAt'
  >
>;
type PayValues = Required<Pick<NewPay, 'id' | 'orderId' | 'orderNo' | 'serialNumber' | 'payType' | 'amount'>>;

// the statements of checkout and of a payment notice, built once (decision 23)
const hasPaidQ = statement<{ siteId: bigint; userId: bigint; productType: number; productId: bigint }>()((db) =>
  db
    .select({ id: orderInfo.id })
    .from(orderInfo)
    .where(
      and(
        eq(orderInfo.siteId, param('siteId')),
        eq(orderInfo.userId, param('userId')),
        eq(orderInfo.productType, param('productType')),
        eq(orderInfo.productId, param('productId')),
        eq(orderInfo.orderStatus, OrderStatus.PAID),
      ),
    )
    .limit(1),
);
/** The job that closes an order when its time is up, as `Jobs.enqueue` would write it. */
export interface CloseJob {
  id: bigint;
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string;
  maxAttempts: number;
}
type Creation = Omit<CreatedOrder, 'expireAt'> & {
  siteId: bigint;
  expireAt: string;
  payId: bigint;
  jobId: bigint;
  jobKind: string;
  jobPayload: string;
  dedupeKey: string;
  maxAttempts: number;
};
const ph = (name: keyof Creation) => sql.placeholder(name);
/**
 * A new order, its first payment and its closing job in one statement, atomic without a transaction around it:
 * the payment and the job are written only when the order is (the partial unique index turns the order away while
 * the user has one pending of the product).
 */
const createQ = sqlStatement<Creation>()(
  () => sql`with o as (
      insert into ${orderInfo} (id, site_id, order_no, user_id, mobile, product_type, product_id, product_name, product_img, course_type,
        vip_days, lecturer_user_id, lecturer_name, ruling_price, price_payable, pay_type, serial_number, expire_at)
      values (${ph('id')}, ${ph('siteId')}, ${ph('orderNo')}, ${ph('userId')}, ${ph('mobile')}, ${ph('productType')}, ${ph('productId')},
        ${ph('productName')}, ${ph('productImg')}, ${ph('courseType')}, ${ph('vipDays')}, ${ph('lecturerUserId')}, ${ph('lecturerName')},
        ${ph('rulingPrice')}, ${ph('pricePayable')}, ${ph('payType')}, ${ph('serialNumber')}, ${ph('expireAt')}::timestamptz)
      on conflict do nothing
      returning id, site_id, order_no, serial_number, pay_type, price_payable, expire_at
    ), p as (
      insert into ${orderPay} (id, site_id, order_id, order_no, serial_number, pay_type, amount)
      select ${ph('payId')}, site_id, id, order_no, serial_number, pay_type, price_payable from o
    ), j as (
      insert into ${job} (id, kind, payload, run_at, dedupe_key, max_attempts)
      select ${ph('jobId')}, ${ph('jobKind')}, ${ph('jobPayload')}::jsonb, expire_at, ${ph('dedupeKey')}, ${ph('maxAttempts')} from o
      on conflict do nothing
    )
    select id from o`,
);
const lockForNoticeQ = statement<{ siteId: bigint; serialNumber: bigint }>()((db) => {
  const buyer = alias(user, 'buyer');
  const referrer = alias(user, 'referrer');
  return db
    .select({
      pay: orderPay,
      order: orderInfo,
      shareRate: sql<
        number | null
      >`(select ${lecturer.shareRate} from ${lecturer} where ${lecturer.siteId} = ${orderInfo.siteId} and ${lecturer.userId} = ${orderInfo.lecturerUserId})`,
      referralRate: sql<
        number | null
      >`(select ${website.referralRate} from ${website} where ${website.siteId} = ${orderInfo.siteId})`,
      referrerId: referrer.id,
    })
    .from(orderPay)
    .innerJoin(orderInfo, and(eq(orderInfo.siteId, orderPay.siteId), eq(orderInfo.id, orderPay.orderId)))
    .leftJoin(buyer, and(eq(buyer.siteId, orderInfo.siteId), eq(buyer.id, orderInfo.userId)))
    .leftJoin(
      referrer,
      and(
        eq(referrer.siteId, orderInfo.siteId),
        eq(referrer.id, buyer.referrerId),
        eq(referrer.statusId, 1),
        eq(referrer.isRecommended, 1),
      ),
    )
    .where(and(eq(orderPay.siteId, param('siteId')), eq(orderPay.serialNumber, param('serialNumber'))))
    .limit(1)
    .for('update', { of: orderInfo });
});
const settleOrderQ = statement<SettledOrder & { siteId: bigint; id: bigint }>()((db) =>
  db
    .update(orderInfo)
    .set(Object.fromEntries(SETTLED.map((k) => [k, param(k)])))
    .where(and(eq(orderInfo.siteId, param('siteId')), eq(orderInfo.id, param('id')))),
);

/**
 * Orders and their payment attempts. Whatever changes both locks the order first and its payments second, so
 * two changes of one order never wait on each other crosswise.
 */
export function orderRepo(db: Db) {
  const ofSite = (siteId: bigint) => eq(orderInfo.siteId, siteId);
  return {
    async insertOrder(siteId: bigint, values: NewOrder): Promise<OrderRow | undefined> {
      // the partial unique index keeps one pending order per user and product: a concurrent second one yields nothing
      const [row] = await db
        .insert(orderInfo)
        .values({ ...values, siteId })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /** Checkout's new order with its first payment and closing job: true when made, false on a pending one. */
    async createOrder(siteId: bigint, values: CreatedOrder, payId: bigint, close: CloseJob): Promise<boolean> {
      const rows = await createQ(db, {
        ...values,
        siteId,
        expireAt: values.expireAt.toISOString(),
        payId,
        jobId: close.id,
        jobKind: close.kind,
        jobPayload: JSON.stringify(close.payload),
        dedupeKey: close.dedupeKey,
        maxAttempts: close.maxAttempts,
      });
      return rows.length > 0;
    },
    async insertPay(siteId: bigint, values: PayValues): Promise<void> {
      await db.insert(orderPay).values({ ...values, siteId });
    },
    /** The user's pending order of a product, locked when asked (continue-pay and close take the same lock). */
    async pendingOf(
      siteId: bigint,
      userId: bigint,
      productType: number,
      productId: bigint,
      lock = false,
    ): Promise<OrderRow | undefined> {
      const q = db
        .select()
        .from(orderInfo)
        .where(
          and(
            ofSite(siteId),
            eq(orderInfo.userId, userId),
            eq(orderInfo.productType, productType),
            eq(orderInfo.productId, productId),
            eq(orderInfo.orderStatus, OrderStatus.PENDING),
          ),
        )
        .limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },
    async hasPaid(siteId: bigint, userId: bigint, productType: number, productId: bigint): Promise<boolean> {
      return (await hasPaidQ(db, { siteId, userId, productType, productId })).length > 0;
    },
    async byNo(siteId: bigint, orderNo: bigint): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orderInfo)
        .where(and(ofSite(siteId), eq(orderInfo.orderNo, orderNo)))
        .limit(1);
      return row;
    },
    async lockByNo(siteId: bigint, orderNo: bigint): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orderInfo)
        .where(and(ofSite(siteId), eq(orderInfo.orderNo, orderNo)))
        .limit(1)
        .for('update');
      return row;
    },
    /**
     * The payment attempt of a serial number with its order locked, and the rates and the referrer the order's
     * split needs, in one statement. The attempt's own state is read as it was before the lock; what decides on
     * it (marking it paid) checks that state again as it writes.
     */
    async lockForNotice(siteId: bigint, serialNumber: bigint): Promise<(SettlingOrder & { pay: PayRow }) | undefined> {
      const [row] = await lockForNoticeQ(db, { siteId, serialNumber });
      if (!row) return undefined;
      return {
        pay: row.pay,
        order: row.order,
        shareRate: row.shareRate === null ? null : Number(row.shareRate),
        referralRate: row.referralRate === null ? null : Number(row.referralRate),
        referrerId: row.referrerId,
      };
    },
    /** A payment's changes of its locked order, without reading the row back (the caller has it). */
    async settleOrder(siteId: bigint, id: bigint, values: SettledOrder): Promise<void> {
      await settleOrderQ(db, { ...values, siteId, id });
    },
    async updateOrder(siteId: bigint, id: bigint, values: Partial<NewOrder>): Promise<OrderRow> {
      const [row] = await db
        .update(orderInfo)
        .set({ ...values, gmtModified: new Date() })
        .where(and(ofSite(siteId), eq(orderInfo.id, id)))
        .returning();
      return row!;
    },
    /** Closes a pending order (and its waiting payments); undefined when it is no longer pending or not yet due. */
    async closePending(
      siteId: bigint,
      id: bigint,
      remark: string,
      onlyIfExpired: boolean,
    ): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orderInfo)
        .set({ orderStatus: OrderStatus.CLOSED, closeTime: new Date(), remark, gmtModified: new Date() })
        .where(
          and(
            ofSite(siteId),
            eq(orderInfo.id, id),
            eq(orderInfo.orderStatus, OrderStatus.PENDING),
            onlyIfExpired ? lte(orderInfo.expireAt, sql`now()`) : undefined,
          ),
        )
        .returning();
      if (row) await this.closeWaitingPays(siteId, id);
      return row;
    },
    /** Closes the order's waiting payments, but for `keep` (the attempt that is starting or being paid). */
    async closeWaitingPays(siteId: bigint, orderId: bigint, keep?: bigint): Promise<void> {
      await db
        .update(orderPay)
        .set({ orderStatus: OrderStatus.CLOSED, gmtModified: new Date() })
        .where(
          and(
            eq(orderPay.siteId, siteId),
            eq(orderPay.orderId, orderId),
            eq(orderPay.orderStatus, OrderStatus.PENDING),
            keep !== undefined ? ne(orderPay.id, keep) : undefined,
          ),
        );
    },
    async markPayFailed(siteId: bigint, payId: bigint): Promise<void> {
      await db
        .update(orderPay)
        .set({ orderStatus: OrderStatus.FAILED, gmtModified: new Date() })
        .where(and(eq(orderPay.siteId, siteId), eq(orderPay.id, payId), eq(orderPay.orderStatus, OrderStatus.PENDING)));
    },
    /** The gateway's reference of the refund that returned this payment. */
    async setRefundTradeNo(siteId: bigint, payId: bigint, refundTradeNo: string): Promise<void> {
      await db
        .update(orderPay)
        .set({ refundTradeNo, gmtModified: new Date() })
        .where(and(eq(orderPay.siteId, siteId), eq(orderPay.id, payId)));
    },
    async paysOf(siteId: bigint, orderId: bigint): Promise<PayRow[]> {
      return db
        .select()
        .from(orderPay)
        .where(and(eq(orderPay.siteId, siteId), eq(orderPay.orderId, orderId)))
        .orderBy(orderPay.id);
    },
    /** The buyer's orders, newest first; status 0 is everything but closed orders. */
    async userPage(siteId: bigint, userId: bigint, q: TPageQuery & { orderStatus: number }) {
      const where = and(
        ofSite(siteId),
        eq(orderInfo.userId, userId),
        q.orderStatus === 0 ? ne(orderInfo.orderStatus, OrderStatus.CLOSED) : eq(orderInfo.orderStatus, q.orderStatus),
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(orderInfo).where(where).orderBy(desc(orderInfo.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(orderInfo).where(where),
      ]);
      return { rows, total: total!.n };
    },
    /** A lecturer's paid and refunded sales, newest payment first. */
    async lecturerSales(
      siteId: bigint,
      lecturerUserId: bigint,
      q: TPageQuery & { courseId?: string; from?: Date; to?: Date },
    ) {
      const where = and(
        ofSite(siteId),
        eq(orderInfo.lecturerUserId, lecturerUserId),
        inArray(orderInfo.orderStatus, [OrderStatus.PAID, OrderStatus.REFUNDED]),
        q.courseId ? eq(orderInfo.productId, BigInt(q.courseId)) : undefined,
        q.from ? gte(orderInfo.payTime, q.from) : undefined,
        q.to ? lt(orderInfo.payTime, q.to) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orderInfo)
          .where(where)
          .orderBy(desc(orderInfo.payTime), desc(orderInfo.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(orderInfo).where(where),
      ]);
      return { rows, total: total!.n };
    },
    /** Orders that rewarded a referrer, with the buyer's nickname, newest payment first. */
    async rewards(siteId: bigint, referrerId: bigint, q: TPageQuery) {
      const where = and(
        ofSite(siteId),
        eq(orderInfo.referrerId, referrerId),
        inArray(orderInfo.orderStatus, [OrderStatus.PAID, OrderStatus.REFUNDED]),
        sql`${orderInfo.referralReward} > 0`,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select({ o: orderInfo, nickname: sql<string>`coalesce(${user.nickname}, '')` })
          .from(orderInfo)
          .leftJoin(user, and(eq(user.siteId, orderInfo.siteId), eq(user.id, orderInfo.userId)))
          .where(where)
          .orderBy(desc(orderInfo.payTime), desc(orderInfo.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(orderInfo).where(where),
      ]);
      return { rows, total: total!.n };
    },
  };
}
export type OrderRepo = ReturnType<typeof orderRepo>;
