import { OrderStatus, type TOrderDetail, type TOrderItem, type TPayType } from '#contract/order.ts';
import { formatTime } from '../../platform/time.ts';
import { maskMobile } from '../../platform/mask.ts';
import type { OrderRow, PayRow } from './order.repo.ts';

export const presentOrderItem = (o: OrderRow): TOrderItem => ({
  orderNo: String(o.orderNo),
  productType: o.productType,
  productId: String(o.productId),
  productName: o.productName,
  productImg: o.productImg,
  courseType: o.courseType,
  vipDays: o.vipDays,
  lecturerName: o.lecturerName,
  rulingPrice: o.rulingPrice,
  pricePayable: o.pricePayable,
  pricePaid: o.pricePaid,
  payType: o.payType as TPayType,
  orderStatus: o.orderStatus,
  gmtCreate: formatTime(o.gmtCreate),
  expireTime: o.orderStatus === OrderStatus.PENDING ? formatTime(o.expireAt) : '',
  payTime: formatTime(o.payTime),
});

export const presentOrderDetail = (o: OrderRow): TOrderDetail => ({
  ...presentOrderItem(o),
  serialNumber: String(o.serialNumber),
  tradeNo: o.tradeNo,
  closeTime: formatTime(o.closeTime),
  refundTime: formatTime(o.refundTime),
});

export const presentLecturerSale = (o: OrderRow) => ({
  orderNo: String(o.orderNo),
  courseId: String(o.productId),
  courseName: o.productName,
  mobile: maskMobile(o.mobile),
  pricePaid: o.pricePaid,
  lecturerProfit: o.lecturerProfit,
  orderStatus: o.orderStatus,
  payTime: formatTime(o.payTime),
});

export const presentReward = (r: { o: OrderRow; nickname: string }) => ({
  orderNo: String(r.o.orderNo),
  productName: r.o.productName,
  buyerMobile: maskMobile(r.o.mobile),
  buyerNickname: r.nickname,
  pricePaid: r.o.pricePaid,
  rewardAmount: r.o.referralReward,
  rewardStatus: r.o.orderStatus === OrderStatus.REFUNDED ? 2 : 1,
  gmtCreate: formatTime(r.o.payTime),
});

export const presentPay = (p: PayRow) => ({
  serialNumber: String(p.serialNumber),
  payType: p.payType as TPayType,
  amount: p.amount,
  orderStatus: p.orderStatus,
  tradeNo: p.tradeNo,
  gmtCreate: formatTime(p.gmtCreate),
  payTime: formatTime(p.payTime),
  refundTradeNo: p.refundTradeNo,
});
