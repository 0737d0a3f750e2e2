import { data } from 'react-router';
import { Link } from '../components/link.tsx';
import { isId } from '#contract/call.ts';
import { formatMoney } from '#contract/money.ts';
import { ORDER_STATUS_NAMES, OrderStatus, orderView, PAY_TYPE_NAMES, ProductType } from '#contract/order.ts';
import type { Route } from './+types/order-result.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useOrderPoll } from '../features/order/use-order-poll.ts';
import { pageLoad } from '../lib/session-load.ts';
import { H5Header } from './h5-frame.tsx';
import { h5DetailPath } from './h5-links.ts';
import './h5-lists.css';

export async function loader(args: Route.LoaderArgs) {
  const orderNo = new URL(args.request.url).searchParams.get('orderNo') ?? '';
  if (!isId(orderNo)) throw data(null, { status: 404 });
  return { order: await pageLoad(args, orderView, { orderNo }) };
}

/**
 * /h5/order/result?orderNo= — where a phone comes back from a cashier (the sandbox's, WeChat Pay's H5 page,
 * Alipay's mobile cashier, or WeChat's own after JSAPI). The order is paid when the gateway's notice arrives, so
 * the page asks until it leaves 待支付, then offers the course (or shows the membership).
 */
export default function H5OrderResult({ loaderData }: Route.ComponentProps) {
  const { order, error, stopped, pending, again } = useOrderPoll(loaderData.order.orderNo, loaderData.order);
  const o = order ?? loaderData.order;
  const paid = o.orderStatus === OrderStatus.PAID;
  const vip = o.productType === ProductType.VIP;
  let title: string;
  let note: string;
  if (pending) {
    title = stopped ? '还没有收到支付结果' : '正在确认支付结果…';
    note = stopped
      ? '如果已经付款，请稍后重新查询；未付款的订单可以在“我的订单”中继续支付。'
      : '支付平台的通知到达后，页面会自动更新，请稍候。';
  } else if (paid) {
    title = vip ? '会员开通成功' : '支付成功';
    note = vip ? `已开通 ${o.vipDays} 天会员。` : `已购买《${o.productName}》，现在就可以开始学习。`;
  } else {
    title = `订单${ORDER_STATUS_NAMES[o.orderStatus] ?? '状态已变化'}`;
    note = '该订单未完成支付。如需购买，请重新下单。';
  }
  return (
    <>
      <PageMeta title="支付结果" />
      <H5Header title="支付结果" />
      <section
        className={`h5-result ${paid ? 'is-paid' : pending ? 'is-pending' : 'is-over'}`}
        aria-live="polite"
        data-testid="order-result"
      >
        <h1 className="h5-result__title">{title}</h1>
        <p className="h5-muted">{note}</p>
        {error ? (
          <p className="h5-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <dl className="h5-result__facts">
          <dt>商品</dt>
          <dd>{o.productName}</dd>
          <dt>{paid ? '实付金额' : '应付金额'}</dt>
          <dd>{formatMoney(paid ? o.pricePaid : o.pricePayable)}</dd>
          <dt>支付方式</dt>
          <dd>{PAY_TYPE_NAMES[o.payType]}</dd>
          <dt>订单号</dt>
          <dd>{o.orderNo}</dd>
          {o.payTime ? (
            <>
              <dt>支付时间</dt>
              <dd>{o.payTime}</dd>
            </>
          ) : null}
        </dl>
        <div className="h5-result__actions">
          {paid && !vip ? (
            <Link
              className="h5-button h5-button--primary h5-button--block"
              to={h5DetailPath({ id: o.productId, courseType: o.courseType })}
            >
              开始学习
            </Link>
          ) : null}
          {paid && vip ? (
            <Link className="h5-button h5-button--primary h5-button--block" to="/h5/vip">
              查看我的会员
            </Link>
          ) : null}
          {pending && stopped ? (
            <button type="button" className="h5-button h5-button--primary h5-button--block" onClick={again}>
              重新查询
            </button>
          ) : null}
          <Link className="h5-button h5-button--block" to="/h5/account/order">
            我的订单
          </Link>
        </div>
      </section>
    </>
  );
}
