import { newWorkbook } from '../../platform/workbook.ts';
import type { TPageQuery } from '#contract/call.ts';
import { yuanNumber } from '#contract/money.ts';
import {
  ORDER_LIMITS,
  ORDER_STATUS_NAMES,
  OrderStatus,
  PAY_TYPE_NAMES,
  PRODUCT_TYPE_NAMES,
  ProductType,
  type TPayType,
} from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { toPage } from '../../platform/db/page.ts';
import { AppError, fail, notFound } from '../../platform/http/errors.ts';
import {
  GatewayRefusedError,
  InvalidNoticeError,
  type PayChannel,
  type PaymentGateway,
} from '../../platform/pay/gateway.ts';
import { formatTime } from '../../platform/time.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { dayBounds, dayRange, type DayRange } from '../../platform/day-range.ts';
import type { UserService } from '../user/user.service.ts';
import { orderRepo, type OrderRow } from './order.repo.ts';
import { orderAdminRepo, type AdminOrderRow, type OrderAdminRepo } from './order-admin.repo.ts';
import { noticeRepo } from './notice.repo.ts';
import { presentOrderItem, presentPay } from './order.presenter.ts';
import { NOT_REFUNDABLE, type RefundMade, type Settlement } from './settlement.ts';
import type { RefundFollowUp } from './refund-follow-up.ts';

/** What to do about a refund the gateway cannot make: the money was returned by hand, so record it only. */
const OFFLINE_HINT = '已线下退款的请勾选“仅记录”';

/** The most rows one export writes; narrower filters export the rest. */
export const EXPORT_MAX_ROWS = 50_000;

type Filter = {
  orderNo: string;
  mobile: string;
  orderStatus?: number;
  productType?: number;
  beginDate: string;
  endDate: string;
};

const presentOrderAdmin = ({ o, nickname, referrerMobile }: AdminOrderRow) => ({
  ...presentOrderItem(o),
  userId: String(o.userId),
  mobile: o.mobile,
  nickname,
  lecturerUserId: o.lecturerUserId === null ? '' : String(o.lecturerUserId),
  lecturerProfit: o.lecturerProfit,
  referralReward: o.referralReward,
  referrerMobile,
  platformProfit: o.platformProfit,
  tradeNo: o.tradeNo,
  closeTime: formatTime(o.closeTime),
  refundTime: formatTime(o.refundTime),
  remark: o.remark,
});

/** Orders as the platform administrator sees them: search, detail, refund, export, revenue. */
export class OrderAdminService {
  private readonly p: Platform;
  private readonly repo: OrderAdminRepo;
  private readonly settlement: Settlement;
  private readonly ledger: LedgerService;
  private readonly users: UserService;
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  private readonly followUp: RefundFollowUp;
  constructor(
    p: Platform,
    settlement: Settlement,
    ledger: LedgerService,
    users: UserService,
    gateways: Map<PayChannel, PaymentGateway>,
    followUp: RefundFollowUp,
  ) {
    this.p = p;
    this.repo = orderAdminRepo(p.db);
    this.settlement = settlement;
    this.ledger = ledger;
    this.users = users;
    this.gateways = gateways;
    this.followUp = followUp;
  }

  async page(siteId: bigint, q: TPageQuery & Filter) {
    const { rows, total } = await this.repo.page(siteId, { ...q, ...dayBounds(q) });
    return toPage(rows, total, q, presentOrderAdmin);
  }

  async view(siteId: bigint, orderNo: string) {
    const row = await this.repo.one(siteId, BigInt(orderNo));
    if (!row) throw notFound('订单');
    const [pays, notices, ledger] = await Promise.all([
      orderRepo(this.p.db).paysOf(siteId, row.o.id),
      noticeRepo(this.p.db).ofOrder(siteId, row.o.orderNo),
      this.ledger.ofOrder(siteId, row.o.orderNo),
    ]);
    return {
      ...presentOrderAdmin(row),
      pays: pays.map(presentPay),
      notices: notices.map((n) => ({
        serialNumber: n.serialNumber,
        payType: n.payType,
        amount: n.amount,
        tradeNo: n.tradeNo,
        result: n.result,
        reason: n.reason,
        gmtCreate: formatTime(n.gmtCreate),
      })),
      ledger,
    };
  }

  /**
   * Refunds a paid order: the money back through the gateway of its paid attempt (unless `offline`: recorded only,
   * the administrator having refunded by hand), then one transaction takes back access and the split.
   *
   * The gateway is asked first and outside any transaction (a network call must not hold the order's lock), and
   * the refund number is the order's own (`R` + order number), the same on every try. A gateway refunds a number
   * once and answers a repeat with the first result, so if the commit fails after the gateway refunded, the
   * administrator's retry gets the same answer and completes the order without a second refund; and of two
   * administrators refunding at once, both reach the one refund and the lock lets only the first record it.
   */
  async refund(siteId: bigint, orderNo: string, reason: string, offline: boolean) {
    const order = await orderRepo(this.p.db).byNo(siteId, BigInt(orderNo));
    if (!order) throw notFound('订单');
    if (order.orderStatus !== OrderStatus.PAID) throw fail(NOT_REFUNDABLE);
    const made: RefundMade = offline ? { offline: true, refundTradeNo: '' } : await this.returnMoney(order, reason);

    const refunded = await withTransaction(this.p.db, async (tx) => {
      const locked = await orderRepo(tx).lockByNo(siteId, order.orderNo);
      if (!locked) throw notFound('订单');
      return this.settlement.refund(tx, locked, reason, made);
    });
    // the refund is committed: what follows is told to others, and a failure there must not read as a failed refund
    await this.settlement
      .announceRefund()
      .catch((err: unknown) =>
        this.p.log.warn({ err, orderNo }, 'refund not announced: kept access answers last out their minute'),
      );
    if (made.followUp) {
      const { channel, request } = made.followUp;
      await this.followUp
        .follow(siteId, order.orderNo, channel, request)
        .catch((err: unknown) =>
          this.p.log.error({ err, orderNo }, 'refund left processing is not followed: check it at the gateway'),
        );
    }
    if (refunded.productType === ProductType.VIP) await this.users.refreshInfo(siteId, refunded.userId);
    return presentOrderAdmin((await this.repo.one(siteId, refunded.orderNo))!);
  }

  /** The payment's money back by its own channel; any refusal or fault changes nothing here and says so. */
  private async returnMoney(order: OrderRow, reason: string): Promise<RefundMade> {
    const pays = await orderRepo(this.p.db).paysOf(order.siteId, order.id);
    // the attempt that paid the order: its serial number is the one the order keeps
    const paid =
      pays.find((p) => p.orderStatus === OrderStatus.PAID && p.serialNumber === order.serialNumber) ??
      pays.find((p) => p.orderStatus === OrderStatus.PAID);
    if (!paid) throw fail(`找不到该订单的支付记录，无法原路退款；${OFFLINE_HINT}`);
    const gateway = this.gateways.get(paid.payType as PayChannel);
    if (!gateway) throw fail(`该订单的支付渠道未启用，无法原路退款；${OFFLINE_HINT}`);
    const refundNo = `R${order.orderNo}`;
    const request = {
      serialNumber: String(paid.serialNumber),
      tradeNo: paid.tradeNo,
      refundNo,
      amountFen: paid.amount,
      totalFen: paid.amount,
      reason,
      siteId: order.siteId,
    };
    try {
      const r = await gateway.refund(request);
      this.p.log.info(
        { orderNo: String(order.orderNo), channel: gateway.channel, refundNo, ...r },
        'refunded through the gateway',
      );
      const later = r.state === 'processing' ? { followUp: { channel: gateway.channel, request } } : {};
      return { offline: false, payId: paid.id, refundTradeNo: r.refundTradeNo, ...later };
    } catch (err) {
      if (err instanceof GatewayRefusedError) throw fail(err.message);
      if (err instanceof AppError) throw err;
      // a reply that is not the gateway's: believe nothing of it, change nothing
      if (err instanceof InvalidNoticeError) {
        this.p.log.error({ err, orderNo: String(order.orderNo), refundNo }, 'refund reply not verified');
        throw fail('未能从支付平台确认退款结果，订单未作改动，请稍后重试');
      }
      // a system error or no answer: the refund may have been made, so it is recorded and asked after, never
      // reported as refused (which would send the administrator to refund by hand a second time)
      this.p.log.warn(
        { err, orderNo: String(order.orderNo), channel: gateway.channel, refundNo },
        'refund outcome unknown: asked after',
      );
      return {
        offline: false,
        payId: paid.id,
        refundTradeNo: '',
        unconfirmed: true,
        followUp: { channel: gateway.channel, request },
      };
    }
  }

  async stat(siteId: bigint, q: { beginDate: string; endDate: string }) {
    const range = dayRange(q, 30, ORDER_LIMITS.maxChartDays);
    const [totals, days, byProduct] = await Promise.all([
      this.repo.totals(siteId, range.from, range.to),
      this.repo.byDay(siteId, range.from, range.to),
      this.repo.topProducts(siteId, range.from, range.to, 20),
    ]);
    return {
      beginDate: range.beginDate,
      endDate: range.endDate,
      ...totals,
      byDay: range.days.map((date) => ({
        date,
        ...(days.paid.get(date) ?? { paidCount: 0, paidAmount: 0 }),
        refundAmount: days.refunded.get(date) ?? 0,
      })),
      byProduct,
    };
  }

  /** Per day of the range, in order: orders placed, orders paid and the amount paid (the administrator's overview). */
  async dayFigures(siteId: bigint, range: DayRange) {
    const [placed, days] = await Promise.all([
      this.repo.placedByDay(siteId, range.from, range.to),
      this.repo.byDay(siteId, range.from, range.to),
    ]);
    return range.days.map((date) => ({
      orderCount: placed.get(date) ?? 0,
      ...(days.paid.get(date) ?? { paidCount: 0, paidAmount: 0 }),
    }));
  }

  /** The filtered orders as an xlsx workbook, newest first. */
  async export(siteId: bigint, f: Filter): Promise<{ fileName: string; body: Buffer }> {
    const rows = await this.repo.all(siteId, { ...f, ...dayBounds(f) }, EXPORT_MAX_ROWS);
    const wb = await newWorkbook();
    wb.creator = '青课';
    const ws = wb.addWorksheet('订单');
    const money = { width: 12, style: { numFmt: '0.00' } };
    ws.columns = [
      { header: '订单号', key: 'orderNo', width: 22 },
      { header: '下单时间', key: 'gmtCreate', width: 20 },
      { header: '支付时间', key: 'payTime', width: 20 },
      { header: '买家手机', key: 'mobile', width: 14 },
      { header: '买家昵称', key: 'nickname', width: 14 },
      { header: '类型', key: 'productType', width: 8 },
      { header: '商品', key: 'productName', width: 30 },
      { header: '讲师', key: 'lecturerName', width: 12 },
      { header: '应付（元）', key: 'pricePayable', ...money },
      { header: '实付（元）', key: 'pricePaid', ...money },
      { header: '讲师分成（元）', key: 'lecturerProfit', ...money },
      { header: '推荐奖励（元）', key: 'referralReward', ...money },
      { header: '平台收入（元）', key: 'platformProfit', ...money },
      { header: '推荐人', key: 'referrerMobile', width: 14 },
      { header: '支付方式', key: 'payType', width: 10 },
      { header: '交易号', key: 'tradeNo', width: 30 },
      { header: '状态', key: 'orderStatus', width: 10 },
      { header: '退款时间', key: 'refundTime', width: 20 },
      { header: '备注', key: 'remark', width: 30 },
    ];
    ws.getRow(1).font = { bold: true };
    // a spreadsheet sums numbers, so amounts go in as yuan numbers shown with two decimals; our sums stay in fen
    for (const { o, nickname, referrerMobile } of rows) {
      ws.addRow({
        orderNo: String(o.orderNo),
        gmtCreate: formatTime(o.gmtCreate),
        payTime: formatTime(o.payTime),
        mobile: o.mobile,
        nickname,
        productType: PRODUCT_TYPE_NAMES[o.productType] ?? '',
        productName: o.productName,
        lecturerName: o.lecturerName,
        pricePayable: yuanNumber(o.pricePayable),
        pricePaid: yuanNumber(o.pricePaid),
        lecturerProfit: yuanNumber(o.lecturerProfit),
        referralReward: yuanNumber(o.referralReward),
        platformProfit: yuanNumber(o.platformProfit),
        referrerMobile,
        payType: PAY_TYPE_NAMES[o.payType as TPayType] ?? o.payType,
        tradeNo: o.tradeNo,
        orderStatus: ORDER_STATUS_NAMES[o.orderStatus] ?? '',
        refundTime: formatTime(o.refundTime),
        remark: o.remark,
      });
    }
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    return { fileName: `订单-${formatTime(new Date()).slice(0, 10)}.xlsx`, body };
  }
}
