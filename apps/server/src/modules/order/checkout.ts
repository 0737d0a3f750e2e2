import { ORDER_LIMITS, OrderStatus, PAY_TYPE_NAMES, type TPayResult, type TPayType } from '#contract/order.ts';
import { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { defineJob, jobIdField, type JobPayload } from '../../platform/jobs.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { PayChannel, PayClient, PaymentGateway } from '../../platform/pay/gateway.ts';
import { formatTime } from '../../platform/time.ts';
import { orderRepo, type OrderRow } from './order.repo.ts';
import { mayPay } from './order.policy.ts';

export const JOB_CLOSE = 'order.close';
export const JOB_CLOSE_SWEEP = 'order.close.sweep';
/** Closes one unpaid order at its closing time. */
export const closeOrderJob = defineJob(JOB_CLOSE, z.object({ siteId: jobIdField, orderId: jobIdField }));
/** Closes, every hour, any unpaid order whose own job was lost. */
export const closeSweepJob = defineJob(JOB_CLOSE_SWEEP, z.object({}));
export const CLOSE_REMARK = '超时未支付，系统自动关闭';

/** What is being sold, as the order keeps it. */
export interface Product {
  productType: number;
  productId: bigint;
  productName: string;
  productImg: string;
  courseType: number;
  vipDays: number;
  lecturerUserId: bigint | null;
  lecturerName: string;
  rulingPrice: number;
  price: number;
}

/** What starting a payment needs of its order. */
type Started = Pick<
  OrderRow,
  'id' | 'siteId' | 'orderNo' | 'productType' | 'productName' | 'pricePayable' | 'expireAt'
>;

/** The job that closes an order when its time is up; the key makes it one per order. */
const closeJob = (order: Pick<OrderRow, 'siteId' | 'id'>) => ({
  kind: closeOrderJob.kind,
  payload: { siteId: String(order.siteId), orderId: String(order.id) } satisfies JobPayload<typeof closeOrderJob>,
  dedupeKey: `${JOB_CLOSE}:${order.id}`,
  maxAttempts: 10,
});

/**
 * Where the gateway sends its notice and the buyer: taken from the request (or PUBLIC_URL); and what the buyer
 * pays on, as the page says (a computer, a phone's browser, WeChat's browser), which picks the trade type.
 */
export interface CheckoutContext {
  origin: string;
  clientIp: string;
  client: PayClient;
}

/** The payer's openid under a WeChat app id, when the user has one (the user domain's WeChat binding). */
export type OpenIdOf = (siteId: bigint, userId: bigint, appId: string) => Promise<string | undefined>;

/** Where the buyer lands after paying: the order's page of the site version they paid on. */
export const returnPath = (client: PayClient, orderNo: bigint) =>
  client === 'pc' ? `/account/order?orderNo=${orderNo}` : `/h5/account/order?orderNo=${orderNo}`;

/** The notice endpoint of a channel; the site is in the path because WeChat Pay allows no query in it. */
export const notifyPath = (channel: PayChannel, siteId: bigint) =>
  `/apis/user/callback/order/notify/${channel}/${siteId}`;

/**
 * Creating an order and starting its payments. One pending order per user and product: asking again while one
 * waits gives that order a new payment attempt (a new serial number), as continue-pay does. The order and its
 * closing job are written in one commit; the gateway is asked after the commit, never inside a transaction.
 */
export class Checkout {
  private readonly p: Platform;
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  private readonly sandbox: boolean;
  private readonly openIdOf: OpenIdOf;
  constructor(p: Platform, gateways: Map<PayChannel, PaymentGateway>, openIdOf: OpenIdOf) {
    this.p = p;
    this.gateways = gateways;
    this.sandbox = p.config.pay.sandbox;
    this.openIdOf = openIdOf;
  }

  /**
   * The channels offered to buyers: the merchant channels that are configured, else the sandbox where it is on
   * (PAY_SANDBOX). A site with a real merchant account must not also offer a cashier where anyone can "pay" by
   * pressing a button.
   */
  offered(): TPayType[] {
    const real = (['alipay', 'wechat'] as const).filter((c) => this.gateways.has(c));
    if (real.length) return [...real];
    return this.sandbox ? ['sandbox'] : [];
  }

  channels() {
    return this.offered().map((payType) => ({ payType, payName: PAY_TYPE_NAMES[payType] }));
  }

  private channel(payType: TPayType | undefined): TPayType {
    const offered = this.offered();
    if (!offered.length) throw fail('本站暂未开通在线支付，请联系网站客服');
    const chosen = payType ?? offered[0]!;
    if (!offered.includes(chosen)) throw fail(`本站暂不支持${PAY_TYPE_NAMES[chosen]}，请选择其他支付方式`);
    return chosen;
  }

  /**
   * The payer's openid when WeChat Pay is paid inside WeChat's browser (JSAPI pays by it), asked before anything is
   * written: without one the buyer is told what to do and no order is made. It must be the openid under the
   * payment's app id, which the site has when its official-account login (decision 10) is that same app.
   */
  private async payer(siteId: bigint, userId: bigint, channel: TPayType, client: PayClient) {
    if (channel !== 'wechat' || client !== 'wechat') return undefined;
    const appId = this.p.config.pay.wechat?.appId ?? '';
    const login = this.p.config.wechatLogin;
    if (login.provider !== 'mp' || login.appId !== appId)
      throw fail('本站暂未开通微信内支付，请点右上角“…”选择在浏览器中打开本页后支付，或换一种支付方式');
    const openId = await this.openIdOf(siteId, userId, appId);
    if (!openId)
      throw fail(
        '您的账号还没有绑定微信，暂不能在微信内支付：请先在电脑上用微信扫码登录本站一次完成绑定，或点右上角“…”选择在浏览器中打开本页后支付',
      );
    return openId;
  }

  /**
   * A new order of the product, or a new payment of the user's pending order of it. The insert comes first, as
   * most buyers have no pending order of the product; the partial unique index turns it away when one waits (or
   * another request of the user is making one: the insert waits for that commit), and that order is then locked.
   */
  async buy(
    siteId: bigint,
    userId: bigint,
    mobile: string,
    product: Product,
    payType: TPayType | undefined,
    ctx: CheckoutContext,
  ): Promise<TPayResult> {
    const channel = this.channel(payType);
    const openId = await this.payer(siteId, userId, channel, ctx.client);
    // most buyers have no pending order of the product: one statement makes the order, needing no transaction
    const made = await this.create(this.p.db, siteId, userId, mobile, product, channel);
    if (made) return this.start(made.order, made.serialNumber, channel, ctx, openId);
    const { order, serialNumber } = await withTransaction(this.p.db, async (tx) => {
      const repo = orderRepo(tx);
      const order = await repo.pendingOf(siteId, userId, product.productType, product.productId, true);
      // paid or closed in the instant between
      if (!order) throw fail('下单太频繁，请稍后再试');
      if (order.expireAt.getTime() > Date.now() && order.pricePayable === product.price)
        return this.newAttempt(tx, order, channel);
      // an order whose time ran out, or whose price has changed since, is closed and a fresh one made
      await repo.closePending(
        siteId,
        order.id,
        order.pricePayable !== product.price ? '价格已调整，订单关闭' : CLOSE_REMARK,
        false,
      );
      const remade = await this.create(tx, siteId, userId, mobile, product, channel);
      if (!remade) throw fail('下单太频繁，请稍后再试');
      return remade;
    });
    return this.start(order, serialNumber, channel, ctx, openId);
  }

  /** A pending order with its first payment and its closing job; undefined when the user has one pending already. */
  private async create(
    db: Db,
    siteId: bigint,
    userId: bigint,
    mobile: string,
    product: Product,
    channel: TPayType,
  ): Promise<{ order: Started; serialNumber: bigint } | undefined> {
    const repo = orderRepo(db);
    const expireAt = new Date(Date.now() + ORDER_LIMITS.closeMinutes * 60_000);
    const { price, ...snapshot } = product;
    const serialNumber = newId();
    const order = {
      id: newId(),
      orderNo: newId(),
      siteId,
      productType: product.productType,
      productName: product.productName,
      pricePayable: price,
      expireAt,
    };
    const made = await repo.createOrder(
      siteId,
      {
        ...snapshot,
        id: order.id,
        orderNo: order.orderNo,
        userId,
        mobile,
        pricePayable: price,
        payType: channel,
        serialNumber,
        expireAt,
      },
      newId(),
      { id: newId(), ...closeJob(order) },
    );
    return made ? { order, serialNumber } : undefined;
  }

  /** Another payment of a pending order (a new serial number; the channel may change). */
  async again(
    siteId: bigint,
    userId: bigint,
    orderNo: bigint,
    payType: TPayType | undefined,
    ctx: CheckoutContext,
  ): Promise<TPayResult> {
    const channel = this.channel(payType);
    const openId = await this.payer(siteId, userId, channel, ctx.client);
    const { order, serialNumber } = await withTransaction(this.p.db, async (tx) => {
      const repo = orderRepo(tx);
      const order = mayPay(await repo.lockByNo(siteId, orderNo), userId);
      if (order.orderStatus === OrderStatus.PAID) throw fail('该订单已支付，无需再付');
      if (order.orderStatus !== OrderStatus.PENDING) throw fail('该订单已关闭，请重新下单');
      if (order.expireAt.getTime() <= Date.now()) {
        await repo.closePending(siteId, order.id, CLOSE_REMARK, false);
        return { order: undefined, serialNumber: 0n };
      }
      return this.newAttempt(tx, order, channel);
    });
    if (!order) throw fail('订单已超时关闭，请重新下单');
    return this.start(order, serialNumber, channel, ctx, openId);
  }

  /** Closes a pending order when its time is up (the job keyed by the order), in the same commit as its payments. */
  async closeDue(siteId: bigint, orderId: bigint): Promise<OrderRow | undefined> {
    return withTransaction(this.p.db, async (tx) => orderRepo(tx).closePending(siteId, orderId, CLOSE_REMARK, true));
  }

  private async newAttempt(
    tx: Db,
    order: OrderRow,
    channel: TPayType,
  ): Promise<{ order: OrderRow; serialNumber: bigint }> {
    const repo = orderRepo(tx);
    const serialNumber = newId();
    const payId = newId();
    await repo.insertPay(order.siteId, {
      id: payId,
      orderId: order.id,
      orderNo: order.orderNo,
      serialNumber,
      payType: channel,
      amount: order.pricePayable,
    });
    // the earlier attempts stop waiting; a notice that still comes for one of them is accepted (the money arrived)
    await repo.closeWaitingPays(order.siteId, order.id, payId);
    const updated = await repo.updateOrder(order.siteId, order.id, { payType: channel, serialNumber });
    return { order: updated, serialNumber };
  }

  private async start(
    order: Started,
    serialNumber: bigint,
    channel: TPayType,
    ctx: CheckoutContext,
    openId: string | undefined,
  ): Promise<TPayResult> {
    const gateway = this.gateways.get(channel)!;
    const returnUrl = `${ctx.origin}${returnPath(ctx.client, order.orderNo)}`;
    const subject = order.productType === 2 ? `会员：${order.productName}` : order.productName;
    let started;
    try {
      started = await gateway.start({
        serialNumber: String(serialNumber),
        amountFen: order.pricePayable,
        subject,
        notifyUrl: `${ctx.origin}${notifyPath(channel, order.siteId)}`,
        returnUrl,
        expiresAt: order.expireAt,
        clientIp: ctx.clientIp,
        client: ctx.client,
        openId,
        siteId: order.siteId,
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.p.log.error({ err, orderNo: String(order.orderNo), channel }, 'payment could not be started');
      throw fail('发起支付失败，请稍后重试或换一种支付方式');
    }
    return {
      orderNo: String(order.orderNo),
      serialNumber: String(serialNumber),
      payType: channel,
      amount: order.pricePayable,
      subject,
      expireTime: formatTime(order.expireAt),
      payKind: started.kind,
      // after WeChat's cashier closes, the page goes to the order's result page
      payUrl: started.kind === 'redirect' ? started.url : started.kind === 'qrcode' ? started.codeUrl : returnUrl,
      ...(started.kind === 'jsapi' ? { jsapi: started.params } : {}),
    };
  }
}
