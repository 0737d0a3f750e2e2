import type { Platform } from '../../platform/context.ts';
import type { ModuleContext } from '../module.ts';
import type { PayChannel, PaymentGateway } from '../../platform/pay/gateway.ts';
import type { CourseService } from '../course/course.service.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { Checkout, closeOrderJob, closeSweepJob, JOB_CLOSE_SWEEP } from './checkout.ts';
import { Settlement } from './settlement.ts';
import { NoticeService } from './notice.service.ts';
import { OrderService } from './order.service.ts';
import { OrderAdminService } from './order-admin.service.ts';
import { VipSetService } from './vip-set.service.ts';
import { RefundFollowUp } from './refund-follow-up.ts';
import { orderRoutes } from './order.routes.ts';
import { orderCallbackRoutes } from './order-callback.routes.ts';

export interface OrderDeps {
  users: UserService;
  courses: CourseService;
  entitlement: EntitlementService;
  messages: MessageService;
  ledger: LedgerService;
  gateways: Map<PayChannel, PaymentGateway>;
}

const HOUR_MS = 60 * 60_000;

export function buildOrder(p: Platform, d: OrderDeps) {
  const checkout = new Checkout(p, d.gateways);
  const settlement = new Settlement(p, d);
  const vipSets = new VipSetService(p);
  const notices = new NoticeService(p, d.gateways, settlement, d.users);
  const orders = new OrderService(p, {
    users: d.users,
    courses: d.courses,
    entitlement: d.entitlement,
    vipSets,
    checkout,
  });
  const refundFollowUp = new RefundFollowUp(p, d.gateways);
  const admin = new OrderAdminService(p, settlement, d.ledger, d.users, d.gateways, refundFollowUp);
  return { checkout, settlement, vipSets, notices, orders, admin, refundFollowUp };
}
export type OrderServices = ReturnType<typeof buildOrder>;

/**
 * Closing unpaid orders: each order's own job at its closing time, and an hourly sweep for any order whose job
 * was lost (a crash between the order's commit and its job is not possible, as they commit together; the sweep
 * also covers jobs that failed for good).
 */
function registerJobs(p: Platform, checkout: Checkout): void {
  p.jobs.register(closeOrderJob, async (job) => {
    await checkout.closeDue(BigInt(job.siteId), BigInt(job.orderId));
  });
  const scheduleSweep = (inMs: number) => {
    const at = new Date(Date.now() + inMs);
    return p.jobs.enqueue(
      closeSweepJob,
      {},
      { runAt: at, dedupeKey: `${JOB_CLOSE_SWEEP}:${at.toISOString().slice(0, 13)}` },
    );
  };
  p.jobs.register(closeSweepJob, async () => {
    // a large backlog is closed a batch at a time, the rest by the next sweep
    for (let batch = 0; batch < 20 && (await checkout.sweep()) > 0; batch++);
    await scheduleSweep(HOUR_MS);
  });
  scheduleSweep(HOUR_MS).catch((err: unknown) => p.log.warn({ err }, 'could not schedule the order sweep'));
}

/** Orders, payments and their notices, VIP plans. */
export async function registerOrder({ on, p, http }: ModuleContext, deps: OrderDeps): Promise<OrderServices> {
  const s = buildOrder(p, deps);
  registerJobs(p, s.checkout);
  s.refundFollowUp.register();
  orderRoutes(on, s, p.config.publicUrl);
  await orderCallbackRoutes(http, s.notices);
  return s;
}
