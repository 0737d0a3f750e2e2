import { and, eq, sql } from 'drizzle-orm';
import { ORDER_LIMITS, ProductType } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { user } from '../schema/user.ts';
import { website } from '../schema/system.ts';
import { vipSet, orderInfo } from '../schema/order.ts';
import { paySandboxTrade } from '../schema/pay.ts';
import { UserService } from '../../modules/user/user.service.ts';
import { EntitlementService } from '../../modules/course/entitlement.service.ts';
import { MessageService } from '../../modules/message/message.service.ts';
import { BankAccountService } from '../../modules/user/bank-account.service.ts';
import { SmsCodeService } from '../../modules/user/sms-code.service.ts';
import { LedgerService } from '../../modules/ledger/ledger.service.ts';
import { Settlement } from '../../modules/order/settlement.ts';
import { NoticeService } from '../../modules/order/notice.service.ts';
import { orderRepo } from '../../modules/order/order.repo.ts';
import type { Seeder } from './seed.ts';

const PLANS = [
  { setName: '月度会员', days: 30, price: 2900, rulingPrice: 3900, sort: 1 },
  { setName: '季度会员', days: 90, price: 7900, rulingPrice: 11700, sort: 2 },
  { setName: '年度会员', days: 365, price: 19900, rulingPrice: 46800, sort: 3 },
];
/** Demo members: their plans show on the administrator's orders and revenue pages from the first start. */
export const MEMBERS = [
  { mobile: '13800000101', nickname: '小林', plan: 0, daysAgo: 5 },
  { mobile: '13800000102', nickname: '阿杰', plan: 2, daysAgo: 3 },
  { mobile: '13800000103', nickname: '晓雯', plan: 1, daysAgo: 1 },
];

/**
 * VIP plans, a 10% referral rate, and three members who bought a plan in the past week, paid through the same
 * settlement as a real notice (membership, messages) and then dated back, so the revenue charts have a history.
 * No demo course is sold here: the course pages, buyer counts and inboxes of the other demo data stay as they are.
 */
export const orderSeeder: Seeder = {
  name: 'order.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    const plans = await db
      .insert(vipSet)
      .values(PLANS.map((plan) => ({ ...plan, id: newId(), siteId })))
      .returning();
    await db.update(website).set({ referralRate: 10 }).where(eq(website.siteId, siteId));
    const [student] = await db
      .select()
      .from(user)
      .where(and(eq(user.siteId, siteId), eq(user.mobile, '13800000001')))
      .limit(1);
    if (!student) return;
    const notices = demoNotices(p);
    for (const [i, m] of MEMBERS.entries()) {
      const [buyer] = await db
        .insert(user)
        .values({
          id: newId(),
          siteId,
          mobile: m.mobile,
          passwordHash: student.passwordHash,
          nickname: m.nickname,
          referralCode: `DEMOM${i + 1}`,
        })
        .onConflictDoNothing()
        .returning();
      if (!buyer) continue;
      const orderNo = await payDemoOrder(p, notices, siteId, buyer, plans[m.plan]!);
      await backdate(db, siteId, orderNo, m.daysAgo);
    }
  },
};

/** The services a notice needs, built here because a seeder is given only the platform. */
function demoNotices(p: Platform): NoticeService {
  const users = new UserService(p);
  const messages = new MessageService(p, users);
  const ledger = new LedgerService(p, new BankAccountService(p, users, new SmsCodeService(p)));
  const settlement = new Settlement(p, { users, entitlement: new EntitlementService(p, users), messages, ledger });
  return new NoticeService(p, new Map(), settlement, users);
}

type PlanRow = typeof vipSet.$inferSelect;

async function payDemoOrder(
  p: Platform,
  notices: NoticeService,
  siteId: bigint,
  buyer: typeof user.$inferSelect,
  plan: PlanRow,
): Promise<bigint> {
  const repo = orderRepo(p.db);
  const orderNo = newId();
  const serialNumber = newId();
  const order = (await repo.insertOrder(siteId, {
    id: newId(),
    orderNo,
    userId: buyer.id,
    mobile: buyer.mobile,
    productType: ProductType.VIP,
    productId: plan.id,
    productName: plan.setName,
    vipDays: plan.days,
    rulingPrice: plan.rulingPrice,
    pricePayable: plan.price,
    payType: 'sandbox',
    serialNumber,
    expireAt: new Date(Date.now() + ORDER_LIMITS.closeMinutes * 60_000),
  }))!;
  await repo.insertPay(siteId, {
    id: newId(),
    orderId: order.id,
    orderNo,
    serialNumber,
    payType: 'sandbox',
    amount: plan.price,
  });
  // the sandbox's own record of the payment, as its cashier leaves one, so the demo sales can be refunded through it
  const tradeNo = `SBX${newId()}`;
  await p.db.insert(paySandboxTrade).values({
    id: newId(),
    siteId,
    serialNumber: String(serialNumber),
    amountFen: plan.price,
    subject: plan.setName,
    notifyUrl: '',
    returnUrl: '',
    expiresAt: order.expireAt,
    status: 1,
    tradeNo,
    gmtPaid: new Date(),
  });
  const outcome = await notices.process(siteId, 'sandbox', {
    serialNumber: String(serialNumber),
    amountFen: plan.price,
    tradeNo,
    paidAt: new Date(),
    state: 'paid',
  });
  if (!outcome.accepted) throw new Error(`demo order not paid: ${outcome.reason}`);
  return orderNo;
}

/** Moves a demo sale back by whole days, membership included (demo history only). */
async function backdate(db: Db, siteId: bigint, orderNo: bigint, days: number): Promise<void> {
  if (days === 0) return;
  const back = sql`make_interval(days => ${days}::int)`;
  await db
    .update(orderInfo)
    .set({
      gmtCreate: sql`${orderInfo.gmtCreate} - ${back}`,
      payTime: sql`${orderInfo.payTime} - ${back}`,
      expireAt: sql`${orderInfo.expireAt} - ${back}`,
    })
    .where(and(eq(orderInfo.siteId, siteId), eq(orderInfo.orderNo, orderNo)));
  const [o] = await db
    .select({ userId: orderInfo.userId })
    .from(orderInfo)
    .where(and(eq(orderInfo.siteId, siteId), eq(orderInfo.orderNo, orderNo)));
  await db
    .update(user)
    .set({ vipExpireAt: sql`${user.vipExpireAt} - ${back}` })
    .where(and(eq(user.siteId, siteId), eq(user.id, o!.userId)));
}
