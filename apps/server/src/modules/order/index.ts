import type { Platform } from '../../platform/context.ts';
import type { ModuleContext } from '../module.ts';
import type { PayChannel, PaymentGateway } from '../../platform/pay/gateway.ts';
import type { CourseService } from '../course/course.service.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { Checkout, closeOrderJob, closeSweepJob, JOB_CLOSE_SWEEP } from './checkout.ts';
import { JOB_QUERY_SWEEP, QUERY_SWEEP_MS, querySweepJob, TradeQuery } from './trade-query.ts';
import { Settlement } from './settlement.ts';
import { NoticeService } from './notice.service.ts';
import { OrderService } from './order.service.ts';
import { OrderAdminService } from './order-admin.service.ts';
import { VipSetService } from './vip-set.service.ts';
import { RefundFollowUp } from './refund-follow-up.ts';
import { PayDifferenceService } from './pay-difference.service.ts';
import { DAY_MS, JOB_RECONCILE, reconcileJob, Reconciliation } from './reconciliation.ts';
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
  const checkout = new Checkout(p, d.gateways, (siteId, userId, appId) => d.users.wechatOpenId(siteId, userId, appId));
  const settlement = new Settlement(p, d);
  const vipSets = new VipSetService(p);
  const notices = new NoticeService(p, d.gateways, settlement, d.users);
  const query = new TradeQuery(p, d.gateways, notices, checkout);
  const orders = new OrderService(p, {
    query,
    users: d.users,
    courses: d.courses,
    entitlement: d.entitlement,
    vipSets,
    checkout,
  });
  const refundFollowUp = new RefundFollowUp(p, d.gateways);
  const admin = new OrderAdminService(p, settlement, d.ledger, d.users, d.gateways, refundFollowUp);
  const differences = new PayDifferenceService(p, d.gateways);
  const reconciliation = new Reconciliation(p, d.gateways, query);
  return { checkout, settlement, vipSets, notices, query, orders, admin, refundFollowUp, differences, reconciliation };
}
export type OrderServices = ReturnType<typeof buildOrder>;

/**
 * Closing unpaid orders: each order's own job at its closing time, and an hourly sweep for any order whose job
 * was lost (a crash between the order's commit and its job is not possible, as they commit together; the sweep
 * also covers jobs that failed for good). Both ask the gateway first (`TradeQuery.closeDue`). And every few
 * minutes the gateways are asked about attempts still waiting, in case a notice was lost.
 */
function registerJobs(p: Platform, query: TradeQuery, reconciliation: Reconciliation): void {
  p.jobs.register(closeOrderJob, async (job, run) => {
    await query.closeDue(BigInt(job.siteId), BigInt(job.orderId), run.attempts >= run.maxAttempts);
  });
  const every = (def: typeof closeSweepJob, kind: string, ms: number, work: () => Promise<unknown>) => {
    const schedule = (inMs: number) => {
      const at = new Date(Date.now() + inMs);
      // one job per period, however many processes schedule it
      const slot = Math.floor(at.getTime() / ms);
      return p.jobs.enqueue(def, {}, { runAt: at, dedupeKey: `${kind}:${slot}` });
    };
    p.jobs.register(def, async () => {
      await work();
      await schedule(ms);
    });
    schedule(ms).catch((err: unknown) => p.log.warn({ err, kind }, 'could not schedule a recurring order job'));
  };
  every(closeSweepJob, JOB_CLOSE_SWEEP, HOUR_MS, async () => {
    // a large backlog is closed a batch at a time, the rest by the next sweep
    for (let batch = 0; batch < 20 && (await query.sweepOverdue()) > 0; batch++);
  });
  // the day before, compared with the gateways (an attempt of the last hours is still being paid or closed)
  every(reconcileJob, JOB_RECONCILE, DAY_MS, async () => {
    const to = new Date(Date.now() - 2 * HOUR_MS);
    await reconciliation.run(new Date(to.getTime() - DAY_MS), to);
  });
  every(querySweepJob, JOB_QUERY_SWEEP, QUERY_SWEEP_MS, async () => {
    for (let batch = 0; batch < 5 && (await query.sweepWaiting()) > 0; batch++);
  });
}

/** Orders, payments and their notices, VIP plans. */
export async function registerOrder({ on, p, http }: ModuleContext, deps: OrderDeps): Promise<OrderServices> {
  const s = buildOrder(p, deps);
  registerJobs(p, s.query, s.reconciliation);
  s.refundFollowUp.register();
  orderRoutes(on, s, p.config.publicUrl);
  await orderCallbackRoutes(http, s.notices);
  return s;
}
