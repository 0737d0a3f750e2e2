import { z } from './zod-config.ts';
import { defineCall, Empty, Id, IdBody, oneOf, optionalText, PageQuery, pageOf, StatusId, text } from './call.ts';
import { LedgerKind, LedgerRow } from './account-ledger.ts';
import { DateRange, fen, OrderItem, PayType, VipSet } from './order.ts';

/**
 * The administrator's side of orders and money: orders (search, view, refund, export), the revenue dashboard,
 * VIP plans, lecturer shares, the site's referral rate, withdrawal review and users' accounts.
 */

/* ---- orders ---- */

export const OrderAdmin = OrderItem.extend({
  userId: z.string(),
  /** the buyer's full mobile */
  mobile: z.string(),
  nickname: z.string(),
  lecturerUserId: z.string(),
  /** the lecturer's share, fen; 0 until paid */
  lecturerProfit: z.number().int(),
  /** the referrer's reward, fen; 0 when there is none */
  referralReward: z.number().int(),
  referrerMobile: z.string(),
  /** what the platform keeps: paid less share and reward */
  platformProfit: z.number().int(),
  tradeNo: z.string(),
  closeTime: z.string(),
  refundTime: z.string(),
  /** the administrator's note (the refund reason) */
  remark: z.string(),
});
export type TOrderAdmin = z.output<typeof OrderAdmin>;

export const OrderPayRow = z.object({
  serialNumber: z.string(),
  payType: PayType,
  amount: z.number().int(),
  orderStatus: z.number().int(),
  tradeNo: z.string(),
  gmtCreate: z.string(),
  payTime: z.string(),
  /** the gateway's reference of the refund that returned this payment; '' when none, or refunded by hand */
  refundTradeNo: z.string(),
});
/** Every notice that reached us for the order, accepted or not, with why it was refused. */
export const NoticeLog = z.object({
  serialNumber: z.string(),
  payType: z.string(),
  amount: z.number().int(),
  tradeNo: z.string(),
  /** 1 accepted (paid now), 2 repeated (already paid, nothing changed), 0 refused */
  result: z.number().int(),
  reason: z.string(),
  gmtCreate: z.string(),
});
export const OrderAdminDetail = OrderAdmin.extend({
  pays: z.array(OrderPayRow),
  notices: z.array(NoticeLog),
  ledger: z.array(LedgerRow.extend({ userId: z.string(), mobile: z.string() })),
});

export const OrderFilter = z
  .object({
    orderNo: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{1,19}$/.test(v), { error: '订单号应为数字' })
      .default(''),
    mobile: optionalText('手机号', 11),
    orderStatus: z.coerce.number().int().min(1).max(5).optional(),
    productType: z.coerce.number().int().min(1).max(2).optional(),
  })
  .extend(DateRange.shape);

export const adminOrderPage = defineCall({
  method: 'POST',
  path: '/user/admin/order/info/page',
  access: 'admin',
  summary: '订单列表（订单号、手机号、状态、类型、下单日期），新的在前',
  body: PageQuery.extend(OrderFilter.shape),
  data: pageOf(OrderAdmin),
});
export const adminOrderView = defineCall({
  method: 'POST',
  path: '/user/admin/order/info/view',
  access: 'admin',
  summary: '订单详情：支付流水、支付通知记录与分账明细',
  body: z.object({ orderNo: Id }),
  data: OrderAdminDetail,
});
/**
 * Refunds a paid order: the money goes back to the buyer through the gateway the order was paid with (original
 * channel), then access is withdrawn (or the membership shortened) and the lecturer's share and the referrer's
 * reward are taken back by new ledger rows. `offline` only records a refund already made by hand (in the
 * gateway's console or otherwise), touching no gateway. A gateway's refusal changes nothing and is shown as is.
 */
export const adminOrderRefund = defineCall({
  method: 'POST',
  path: '/user/admin/order/info/refund',
  access: 'admin',
  summary: '退款：原路退回支付款（或仅记录已线下完成的退款），收回学习权限或会员时长，扣回讲师分成与推荐奖励',
  body: z.object({
    orderNo: Id,
    remark: text('退款原因', 200),
    offline: z.boolean({ error: '请选择是否仅记录' }).default(false),
  }),
  data: OrderAdmin,
});
/** Replies with an .xlsx file (not the envelope); refusals come as the usual envelope. At most 50,000 rows. */
export const adminOrderExport = defineCall({
  method: 'GET',
  path: '/user/admin/order/info/export',
  access: 'admin',
  summary: '导出订单 xlsx（与订单列表相同的筛选）',
  body: OrderFilter,
  data: z.null(),
});

/* ---- revenue dashboard ---- */

export const RevenueDay = z.object({
  date: z.string(),
  paidCount: z.number().int(),
  paidAmount: z.number().int(),
  refundAmount: z.number().int(),
});
export const RevenueProduct = z.object({
  productType: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  paidCount: z.number().int(),
  paidAmount: z.number().int(),
});
export const adminOrderStat = defineCall({
  method: 'POST',
  path: '/user/admin/order/info/stat',
  access: 'admin',
  summary: '收入统计：合计、每日（默认最近 30 天）与销售额前 20 的商品',
  body: DateRange,
  data: z.object({
    beginDate: z.string(),
    endDate: z.string(),
    paidCount: z.number().int(),
    paidAmount: z.number().int(),
    refundCount: z.number().int(),
    refundAmount: z.number().int(),
    lecturerProfit: z.number().int(),
    referralReward: z.number().int(),
    platformProfit: z.number().int(),
    byDay: z.array(RevenueDay),
    byProduct: z.array(RevenueProduct),
  }),
});

/* ---- VIP plans ---- */

export const VipSetAdmin = VipSet.extend({ statusId: z.number().int(), gmtCreate: z.string() });
export const VipSetFields = z.object({
  setName: text('套餐名称', 30),
  days: z.coerce
    .number({ error: '请填写会员天数' })
    .int({ error: '会员天数须为整数' })
    .min(1, { error: '会员天数至少 1 天' })
    .max(3650, { error: '会员天数不能超过 3650 天' }),
  price: fen('售价', 1),
  rulingPrice: fen('划线价').default(0),
  sort: z.coerce.number().int().min(0).max(99999).default(100),
  statusId: StatusId.default(1),
});
export const adminVipSetList = defineCall({
  method: 'POST',
  path: '/system/admin/vip/set/list',
  access: 'admin',
  summary: '会员套餐列表（含下架的）',
  body: Empty,
  data: z.array(VipSetAdmin),
});
export const adminVipSetSave = defineCall({
  method: 'POST',
  path: '/system/admin/vip/set/save',
  access: 'admin',
  summary: '新增会员套餐',
  body: VipSetFields,
  data: VipSetAdmin,
});
export const adminVipSetUpdate = defineCall({
  method: 'POST',
  path: '/system/admin/vip/set/update',
  access: 'admin',
  summary: '修改会员套餐（已下的订单不受影响）',
  body: VipSetFields.extend({ id: Id }),
  data: VipSetAdmin,
});
export const adminVipSetDelete = defineCall({
  method: 'POST',
  path: '/system/admin/vip/set/delete',
  access: 'admin',
  summary: '删除会员套餐（已下的订单保留套餐名称与天数）',
  body: IdBody,
  data: z.null(),
});

/* ---- lecturer shares and the referral rate ---- */

const Rate = (label: string) =>
  z.coerce
    .number({ error: `请填写${label}` })
    .int({ error: `${label}须为整数` })
    .min(0, { error: `${label}应在 0 到 100 之间` })
    .max(100, { error: `${label}应在 0 到 100 之间` });

export const LecturerShare = z.object({
  /** the lecturer profile id */
  id: z.string(),
  userId: z.string(),
  lecturerName: z.string(),
  lecturerMobile: z.string(),
  /** percent of each sale credited to the lecturer */
  shareRate: z.number().int(),
  statusId: z.number().int(),
});
export const adminLecturerSharePage = defineCall({
  method: 'POST',
  path: '/user/admin/lecturer/share/page',
  access: 'admin',
  summary: '讲师分成比例列表',
  body: PageQuery.extend({ lecturerName: optionalText('讲师名称', 20) }),
  data: pageOf(LecturerShare),
});
export const adminLecturerShareUpdate = defineCall({
  method: 'POST',
  path: '/user/admin/lecturer/share/update',
  access: 'admin',
  summary: '设置讲师分成比例（百分比，之后支付的订单生效）',
  body: z.object({ id: Id, shareRate: Rate('分成比例') }),
  data: LecturerShare,
});

export const ReferralSetting = z.object({ referralRate: z.number().int() });
export const adminReferralView = defineCall({
  method: 'POST',
  path: '/system/admin/website/referral/view',
  access: 'admin',
  summary: '推荐奖励比例（百分比）',
  body: Empty,
  data: ReferralSetting,
});
export const adminReferralUpdate = defineCall({
  method: 'POST',
  path: '/system/admin/website/referral/update',
  access: 'admin',
  summary: '设置推荐奖励比例（百分比，按实付金额；之后支付的订单生效）',
  body: z.object({ referralRate: Rate('推荐奖励比例') }),
  data: ReferralSetting,
});

/* ---- withdrawals ---- */

export const ExtractAdmin = z.object({
  id: z.string(),
  userId: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  extractAmount: z.number().int(),
  extractStatus: z.number().int(),
  /** the card as it was when the withdrawal was asked for, in full: the administrator pays to it */
  bankCardNo: z.string(),
  bankName: z.string(),
  bankBranchName: z.string(),
  bankUserName: z.string(),
  remark: z.string(),
  gmtCreate: z.string(),
  auditTime: z.string(),
  finishTime: z.string(),
});
export const adminExtractPage = defineCall({
  method: 'POST',
  path: '/user/admin/user/account/extract/log/page',
  access: 'admin',
  summary: '提现审核列表（按状态、手机号），先申请的在前',
  body: PageQuery.extend({
    extractStatus: z.coerce.number().int().min(1).max(5).optional(),
    mobile: optionalText('手机号', 11),
  }),
  data: pageOf(ExtractAdmin),
});
export const adminExtractAudit = defineCall({
  method: 'POST',
  path: '/user/admin/user/account/extract/log/audit',
  access: 'admin',
  summary: '审核提现：2 通过（进入支付中），5 驳回（须填写原因，金额退回可提现）',
  body: z
    .object({ id: Id, extractStatus: oneOf([2, 5] as const, '请选择审核结果'), remark: optionalText('原因', 200) })
    .refine((b) => b.extractStatus !== 5 || b.remark !== '', { error: '驳回须填写原因', path: ['remark'] }),
  data: ExtractAdmin,
});
export const adminExtractPay = defineCall({
  method: 'POST',
  path: '/user/admin/user/account/extract/log/pay',
  access: 'admin',
  summary: '打款结果：3 已打款待确认，4 成功（计入已提现），5 失败（须填写原因，金额退回可提现）',
  body: z
    .object({ id: Id, extractStatus: oneOf([3, 4, 5] as const, '请选择打款结果'), remark: optionalText('原因', 200) })
    .refine((b) => b.extractStatus !== 5 || b.remark !== '', { error: '打款失败须填写原因', path: ['remark'] }),
  data: ExtractAdmin,
});

/* ---- accounts ---- */

export const AccountAdmin = z.object({
  userId: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  availableAmount: z.number().int(),
  frozenAmount: z.number().int(),
  withdrawnAmount: z.number().int(),
  totalIncome: z.number().int(),
  gmtModified: z.string(),
});
export const adminAccountPage = defineCall({
  method: 'POST',
  path: '/user/admin/user/account/page',
  access: 'admin',
  summary: '用户账户余额列表（手机号搜索），余额多的在前',
  body: PageQuery.extend({ mobile: optionalText('手机号', 11) }),
  data: pageOf(AccountAdmin),
});
export const adminAccountLedger = defineCall({
  method: 'POST',
  path: '/user/admin/user/account/ledger/page',
  access: 'admin',
  summary: '某用户的账户明细',
  body: PageQuery.extend({ userId: Id, kind: LedgerKind.optional() }),
  data: pageOf(LedgerRow),
});
/** Recomputes every account from its ledger rows; a mismatch means money moved outside the ledger. */
export const adminAccountCheck = defineCall({
  method: 'POST',
  path: '/user/admin/user/account/check',
  access: 'admin',
  summary: '对账：每个账户余额是否等于其流水合计',
  body: Empty,
  data: z.object({
    accountCount: z.number().int(),
    mismatches: z.array(
      z.object({
        userId: z.string(),
        mobile: z.string(),
        /** the account's balances */
        availableAmount: z.number().int(),
        frozenAmount: z.number().int(),
        withdrawnAmount: z.number().int(),
        /** the sums of its ledger rows */
        ledgerAvailable: z.number().int(),
        ledgerFrozen: z.number().int(),
        ledgerWithdrawn: z.number().int(),
      }),
    ),
  }),
});
