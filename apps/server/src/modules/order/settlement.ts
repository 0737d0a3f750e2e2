import { fenToYuan } from '#contract/money.ts';
import { ORDER_LIMITS, OrderStatus, ProductType } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import type { PayChannel, RefundRequest } from '../../platform/pay/gateway.ts';
import type { Db } from '../../platform/db/client.ts';
import { fail } from '../../platform/http/errors.ts';
import { formatTime } from '../../platform/time.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MessageService } from '../message/message.service.ts';
import { maskMobile } from '../../platform/mask.ts';
import type { UserService } from '../user/user.service.ts';
import { orderRepo, type OrderRow, type PayRow, type SettledOrder, type SettlingOrder } from './order.repo.ts';
import { RefundHow } from './refund-follow-up.ts';
import { splitPayment } from './split.ts';
import { payAttemptRepo } from './pay-attempt.repo.ts';

/** The refusal of a refund for an order that is not (or no longer) paid. */
export const NOT_REFUNDABLE = '只有支付成功的订单可以退款';

/** How the money of a refund went back. */
export interface RefundMade {
  /** recorded only: the money was returned by hand */
  offline: boolean;
  /** the paid attempt the gateway refunded, and the gateway's reference of that refund ('' when offline) */
  payId?: bigint;
  refundTradeNo: string;
  /** the gateway accepted the refund and finishes it later (WeChat Pay's PROCESSING): what to ask it about then */
  followUp?: { channel: PayChannel; request: RefundRequest };
  /** the gateway could not say whether it refunded (a system error, no answer): asked after like a processing one */
  unconfirmed?: boolean;
}

export interface SettlementDeps {
  users: UserService;
  entitlement: EntitlementService;
  messages: MessageService;
  ledger: LedgerService;
}

/**
 * What a payment and a refund do, each inside the caller's one transaction: the order's state and split, the
 * buyer's access (a course) or membership (VIP), the messages, and the ledger rows. The rows other payments also
 * touch (the course's buyer count, the lecturer's account) are written last, so they are held locked for the
 * shortest time.
 */
export class Settlement {
  private readonly p: Platform;
  private readonly d: SettlementDeps;
  constructor(p: Platform, deps: SettlementDeps) {
    this.p = p;
    this.d = deps;
  }

  async pay(tx: Db, s: SettlingOrder, pay: PayRow, paidAt: Date): Promise<OrderRow> {
    const o = s.order;
    const course = o.productType === ProductType.COURSE;
    const shareRate = course && o.lecturerUserId !== null ? (s.shareRate ?? ORDER_LIMITS.defaultShareRate) : 0;
    const referralRate = s.referrerId !== null ? (s.referralRate ?? 0) : 0;
    const split = splitPayment(pay.amount, { shareRate, referralRate });
    const referrerId = split.referralReward > 0 ? s.referrerId : null;
    const repo = orderRepo(tx);
    const changes: SettledOrder = {
      orderStatus: OrderStatus.PAID,
      pricePaid: pay.amount,
      shareRate,
      referralRate,
      referrerId,
      ...split,
      payType: pay.payType,
      serialNumber: pay.serialNumber,
      tradeNo: pay.tradeNo,
      payTime: paidAt,
      // money that arrives for an order already closed is still money received: the order is paid
      remark: o.orderStatus === OrderStatus.CLOSED ? '订单关闭后收到支付，按已支付处理' : o.remark,
      gmtModified: new Date(),
    };
    // the order is locked: what it becomes is known without reading it back
    await repo.settleOrder(o.siteId, o.id, changes);
    // the order's other waiting attempts were closed when this one was marked paid
    const paid: OrderRow = { ...o, ...changes };

    const vipUntil = course ? null : await this.d.users.extendVip(o.siteId, o.userId, o.vipDays, tx);
    await this.payMessages(tx, paid, vipUntil);
    // the rows every sale of the course and of the lecturer touches, last: they stay locked until the commit
    if (course) await this.grant(tx, paid);
    await this.d.ledger.creditOrder(tx, {
      siteId: o.siteId,
      orderNo: o.orderNo,
      productName: o.productName,
      share: paid.lecturerUserId !== null ? { userId: paid.lecturerUserId, amount: split.lecturerProfit } : undefined,
      reward: referrerId !== null ? { userId: referrerId, amount: split.referralReward } : undefined,
    });
    return paid;
  }

  /**
   * Marks a paid order refunded: the bought access goes (or the membership is shortened by what was bought), and
   * what it credited is taken back by new ledger rows. The money itself was returned before this, by the gateway
   * (`refund.refundTradeNo` is its reference, kept on the paid attempt) or by hand (`offline`).
   */
  async refund(tx: Db, o: OrderRow, reason: string, refund: RefundMade): Promise<OrderRow> {
    if (o.orderStatus !== OrderStatus.PAID) throw fail(NOT_REFUNDABLE);
    const repo = orderRepo(tx);
    const how = refund.offline
      ? RefundHow.offline
      : refund.unconfirmed
        ? RefundHow.unconfirmed
        : refund.followUp
          ? RefundHow.processing
          : RefundHow.done;
    const refunded = await repo.updateOrder(o.siteId, o.id, {
      orderStatus: OrderStatus.REFUNDED,
      refundTime: new Date(),
      remark: `${how}：${reason}`,
    });
    // only the payment that paid the order goes back with it: a second payment stays owed (a payment difference)
    await payAttemptRepo(tx).refundPaying(o.siteId, o.id, o.serialNumber);
    if (refund.payId !== undefined && refund.refundTradeNo)
      await repo.setRefundTradeNo(o.siteId, refund.payId, refund.refundTradeNo);
    if (o.productType === ProductType.COURSE)
      await this.d.entitlement.revokePurchase(o.siteId, o.userId, o.productId, tx);
    else await this.d.users.extendVip(o.siteId, o.userId, -o.vipDays, tx);
    const back = refund.offline ? '' : '，款项将原路退回您的支付账户';
    await this.d.messages.send(
      o.siteId,
      o.userId,
      '订单已退款',
      `您的订单 ${o.orderNo}（${o.productName}）已退款 ${fenToYuan(o.pricePaid)} 元${back}。原因：${reason}`,
      tx,
    );
    await this.d.ledger.reverseOrder(tx, o.siteId, o.orderNo, reason);
    return refunded;
  }

  /** Once a refund has committed: what it took back is refused from the next progress report, in every process. */
  announceRefund(): Promise<void> {
    return this.d.entitlement.announceRevoked();
  }

  private async grant(tx: Db, o: OrderRow): Promise<void> {
    // a course deleted after it was ordered cannot be studied; the payment is still recorded (refund by hand)
    if (!(await this.d.entitlement.grantPurchase(o.siteId, o.userId, o.productId, tx))) {
      this.p.log.warn({ orderNo: String(o.orderNo), courseId: String(o.productId) }, 'paid course no longer exists');
    }
  }

  /** The buyer's, the lecturer's and the referrer's messages, written together. */
  private async payMessages(tx: Db, o: OrderRow, vipUntil: Date | null): Promise<void> {
    const buyer = maskMobile(o.mobile);
    const list = [
      o.productType === ProductType.COURSE
        ? {
            userId: o.userId,
            title: '购买成功',
            text: `您已成功购买课程《${o.productName}》，现在就可以开始学习了。订单号：${o.orderNo}。`,
          }
        : {
            userId: o.userId,
            title: '会员开通成功',
            text: `您已开通「${o.productName}」（${o.vipDays} 天），会员有效期至 ${formatTime(vipUntil)}。订单号：${o.orderNo}。`,
          },
    ];
    if (o.lecturerUserId !== null) {
      list.push({
        userId: o.lecturerUserId,
        title: '新的销售',
        text: `学员 ${buyer} 购买了您的课程《${o.productName}》，实付 ${fenToYuan(o.pricePaid)} 元，您的分成 ${fenToYuan(o.lecturerProfit)} 元已计入账户。`,
      });
    }
    if (o.referrerId !== null && o.referralReward > 0) {
      list.push({
        userId: o.referrerId,
        title: '推荐奖励到账',
        text: `您推荐的用户 ${buyer} 购买了《${o.productName}》，推荐奖励 ${fenToYuan(o.referralReward)} 元已计入账户。`,
      });
    }
    await this.d.messages.sendEach(o.siteId, list, tx);
  }
}
