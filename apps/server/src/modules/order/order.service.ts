import type { TPageQuery } from '#contract/call.ts';
import { OrderStatus, ProductType, type TPayType } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { toPage } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import type { CourseService } from '../course/course.service.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { UserService } from '../user/user.service.ts';
import { dayBounds } from '../../platform/day-range.ts';
import { orderRepo, type OrderRepo } from './order.repo.ts';
import { presentLecturerSale, presentOrderDetail, presentOrderItem, presentReward } from './order.presenter.ts';
import { mustBeLecturer, ownOrder } from './order.policy.ts';
import type { Checkout, CheckoutContext } from './checkout.ts';
import type { VipSetService } from './vip-set.service.ts';
import type { TradeQuery } from './trade-query.ts';

export interface OrderDeps {
  users: UserService;
  courses: CourseService;
  entitlement: EntitlementService;
  vipSets: VipSetService;
  checkout: Checkout;
  query: TradeQuery;
}

/** The buyer's side of orders (buy, continue, close, list, view), the lecturer's sales and the referrer's rewards. */
export class OrderService {
  private readonly p: Platform;
  private readonly repo: OrderRepo;
  private readonly d: OrderDeps;
  constructor(p: Platform, deps: OrderDeps) {
    this.p = p;
    this.repo = orderRepo(p.db);
    this.d = deps;
  }

  /** Free courses are not sold, nor a course already bought or held for good, nor a lecturer's own course. */
  async payCourse(
    siteId: bigint,
    userId: bigint,
    courseId: string,
    payType: TPayType | undefined,
    ctx: CheckoutContext,
  ) {
    const [c] = await this.d.courses.cards(siteId, [BigInt(courseId)]);
    if (!c) throw notFound('课程');
    if (c.isFree === 1 || c.coursePrice <= 0) throw fail('这是免费课程，无需购买，可直接学习');
    if (c.isPutaway !== 1) throw fail('课程已下架，暂不能购买');
    if (c.lecturerUserId === userId) throw fail('不能购买自己的课程');
    const [paid, held, me] = await Promise.all([
      this.repo.hasPaid(siteId, userId, ProductType.COURSE, c.id),
      this.d.entitlement.entitlement(siteId, userId, c.id),
      this.d.users.brief(siteId, userId),
    ]);
    if (paid) throw fail('您已购买该课程');
    if (held && held.expireAt === null && this.d.entitlement.isActive(held))
      throw fail('您已拥有该课程的学习权限，无需购买');
    const product = {
      productType: ProductType.COURSE,
      productId: c.id,
      productName: c.courseName,
      productImg: c.courseLogo,
      courseType: c.courseType,
      vipDays: 0,
      lecturerUserId: c.lecturerUserId,
      lecturerName: c.lecturerName ?? '',
      rulingPrice: c.rulingPrice,
      price: c.coursePrice,
    };
    return this.d.checkout.buy(siteId, userId, me.mobile, product, payType, ctx);
  }

  /** Membership may be bought again at any time: it adds to what is left. */
  async payVip(siteId: bigint, userId: bigint, vipSetId: string, payType: TPayType | undefined, ctx: CheckoutContext) {
    const plan = await this.d.vipSets.onSale(siteId, vipSetId);
    const me = await this.d.users.brief(siteId, userId);
    const product = {
      productType: ProductType.VIP,
      productId: plan.id,
      productName: plan.setName,
      productImg: '',
      courseType: 0,
      vipDays: plan.days,
      lecturerUserId: null,
      lecturerName: '',
      rulingPrice: plan.rulingPrice,
      price: plan.price,
    };
    return this.d.checkout.buy(siteId, userId, me.mobile, product, payType, ctx);
  }

  continuePay(siteId: bigint, userId: bigint, orderNo: string, payType: TPayType | undefined, ctx: CheckoutContext) {
    return this.d.checkout.again(siteId, userId, BigInt(orderNo), payType, ctx);
  }

  async close(siteId: bigint, userId: bigint, orderNo: string) {
    const order = await this.own(siteId, userId, orderNo);
    if (order.orderStatus !== OrderStatus.PENDING) throw fail('只能关闭待支付的订单');
    const closed = await withTransaction(this.p.db, async (tx) =>
      orderRepo(tx).closePending(siteId, order.id, '用户取消订单', false),
    );
    // paid (or closed by its job) a moment ago: say what it is now
    if (!closed) throw fail('订单状态已变化，请刷新后查看');
    // the cashier the buyer left open must not take money now; a payment that beat the close still pays the order
    await this.d.query
      .closeAtGateways(siteId, closed.id)
      .catch((err: unknown) => this.p.log.warn({ err, orderNo }, 'trades not closed at the gateway'));
    return presentOrderDetail((await this.repo.byNo(siteId, closed.orderNo)) ?? closed);
  }

  async list(siteId: bigint, userId: bigint, q: TPageQuery & { orderStatus: number }) {
    const { rows, total } = await this.repo.userPage(siteId, userId, q);
    return toPage(rows, total, q, presentOrderItem);
  }

  /** The result page polls this while the buyer pays: a waiting order's gateway is asked too, now and then. */
  async view(siteId: bigint, userId: bigint, orderNo: string) {
    const order = await this.own(siteId, userId, orderNo);
    const now = await this.d.query.poll(order).catch((err: unknown) => {
      this.p.log.warn({ err, orderNo }, 'payment not asked after at the gateway');
      return order;
    });
    return presentOrderDetail(now);
  }

  async lecturerSales(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { courseId?: string; beginDate: string; endDate: string },
  ) {
    mustBeLecturer(await this.d.users.brief(siteId, userId));
    const { rows, total } = await this.repo.lecturerSales(siteId, userId, { ...q, ...dayBounds(q) });
    return toPage(rows, total, q, presentLecturerSale);
  }

  async rewards(siteId: bigint, userId: bigint, q: TPageQuery) {
    const { rows, total } = await this.repo.rewards(siteId, userId, q);
    return toPage(rows, total, q, presentReward);
  }

  /** Another user's order reads as no order at all. */
  private async own(siteId: bigint, userId: bigint, orderNo: string) {
    return ownOrder(await this.repo.byNo(siteId, BigInt(orderNo)), userId);
  }
}
