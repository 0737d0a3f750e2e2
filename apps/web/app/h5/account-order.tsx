import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import { Dialog } from 'antd-mobile';
import './mobile-render.ts';
import { formatMoney } from '#contract/money.ts';
import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  orderClose,
  PAY_TYPE_NAMES,
  ProductType,
  type TOrderItem,
} from '#contract/order.ts';
import type { Route } from './+types/account-order.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadMyOrders, ORDER_TABS } from '../features/account/my-lists.ts';
import type { Purchase } from '../features/order/pay-call.ts';
import { showSuccess } from '../lib/toast.ts';
import { LazyCheckoutSheet } from './lazy-checkout.tsx';
import { H5Header } from './h5-frame.tsx';
import { h5DetailPath } from './h5-links.ts';
import { H5Pager } from './h5-pager.tsx';
import './h5-lists.css';

export function loader(args: Route.LoaderArgs) {
  // a cashier's way back (?orderNo=) goes on to the H5 result page
  return loadMyOrders(args, 10, (orderNo) => `/h5/order/result?orderNo=${encodeURIComponent(orderNo)}`);
}

function OrderRow({ o, onPay, onChanged }: { o: TOrderItem; onPay: () => void; onChanged: () => Promise<void> }) {
  const course = o.productType === ProductType.COURSE;
  async function close() {
    if (!(await Dialog.confirm({ content: '确定关闭这个订单吗？', confirmText: '关闭订单', cancelText: '再想想' })))
      return;
    try {
      await api(orderClose, { orderNo: o.orderNo });
      showSuccess('订单已关闭');
      await onChanged();
    } catch {
      // the response handler has said why
    }
  }
  return (
    <li className="h5-rows__item" data-testid={`order-${o.orderNo}`}>
      <div className="h5-rows__link">
        <span className="h5-rows__title">{o.productName}</span>
        <span className="h5-muted">
          {ORDER_STATUS_NAMES[o.orderStatus]} ·{' '}
          {formatMoney(o.orderStatus === OrderStatus.PAID ? o.pricePaid : o.pricePayable)} ·{' '}
          {course ? '课程' : `会员 ${o.vipDays} 天`}
        </span>
        <span className="h5-muted">订单号 {o.orderNo}</span>
        <span className="h5-muted">
          下单 {o.gmtCreate}
          {o.payTime ? ` · ${PAY_TYPE_NAMES[o.payType]}支付于 ${o.payTime}` : ''}
        </span>
        {o.orderStatus === OrderStatus.PENDING && o.expireTime ? (
          <span className="h5-muted">请在 {o.expireTime} 前支付，逾期订单自动关闭</span>
        ) : null}
      </div>
      {o.orderStatus === OrderStatus.PENDING ? (
        <div className="h5-rows__actions">
          <button type="button" className="h5-button h5-button--buy" onClick={onPay}>
            去支付
          </button>
          <button type="button" className="h5-button" onClick={() => void close()}>
            关闭订单
          </button>
        </div>
      ) : o.orderStatus === OrderStatus.PAID && course ? (
        <div className="h5-rows__actions">
          <Link
            className="h5-button h5-button--primary"
            to={h5DetailPath({ id: o.productId, courseType: o.courseType })}
          >
            开始学习
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/** /h5/account/order — my orders by state: pay or close an unpaid one, study a bought course. */
export default function H5Orders({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [paying, setPaying] = useState<Purchase | null>(null);
  const status = params.get('status') ?? '0';
  return (
    <>
      <PageMeta title="我的订单" />
      <H5Header title="我的订单" />
      <h1 className="h5-visually-hidden">我的订单</h1>
      <nav className="h5-chips" aria-label="订单状态">
        {ORDER_TABS.map((t) => (
          <Link
            key={t.value}
            to={t.value === '0' ? '/h5/account/order' : `/h5/account/order?status=${t.value}`}
            className={status === t.value ? 'h5-chip is-on' : 'h5-chip'}
            aria-current={status === t.value ? 'true' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {page.list.length === 0 ? (
        <p className="h5-empty">{status === '0' ? '还没有订单' : '没有这个状态的订单'}</p>
      ) : (
        <ul className="h5-rows" aria-label={`订单，共 ${page.totalCount} 个`}>
          {page.list.map((o) => (
            <OrderRow
              key={o.orderNo}
              o={o}
              onPay={() => setPaying({ kind: 'order', orderNo: o.orderNo, name: o.productName, price: o.pricePayable })}
              onChanged={() => revalidator.revalidate()}
            />
          ))}
        </ul>
      )}
      <H5Pager page={page} />
      <LazyCheckoutSheet purchase={paying} onClose={() => setPaying(null)} />
    </>
  );
}
