import { useEffect, useState } from 'react';
import { Alert, Button, Result, Spin } from 'antd';
import { data, useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import { courseViewAuth } from '#contract/course-learn.ts';
import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  PAY_TYPE_NAMES,
  ProductType,
  orderView,
  type TOrderDetail,
} from '#contract/order.ts';
import type { Route } from './+types/order-result.ts';
import { api } from '../api/client.ts';
import { Page } from '../components/page.tsx';
import { firstPeriod } from '../features/course/chapter-list.tsx';
import { coursePath, periodPath } from '../features/course/course-format.ts';
import { money } from '../features/order/order-format.ts';
import { useOrderPoll } from '../features/order/use-order-poll.ts';
import { requireUser, pageLoad } from '../lib/session-load.ts';
import '../features/order/order.css';
import { isId } from '#contract/call.ts';

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const orderNo = new URL(args.request.url).searchParams.get('orderNo') ?? '';
  if (!isId(orderNo)) throw data(null, { status: 404 });
  // someone else's or an unknown order is answered as missing (订单不存在或已删除), a 404 with that message
  return { order: await pageLoad(args, orderView, { orderNo }) };
}

/** Where 开始学习 leads once a course is paid: its first lesson, or the course page when it has none yet. */
function useStartPath(order: TOrderDetail | null): string | null {
  const [path, setPath] = useState<string | null>(null);
  const paidCourse = order?.orderStatus === OrderStatus.PAID && order.productType === ProductType.COURSE;
  useEffect(() => {
    if (!paidCourse || !order) return;
    const page = coursePath({ id: order.productId, courseType: order.courseType });
    setPath(page);
    // only a better link: a refusal leaves the course page's link, and nothing to tell
    void api(courseViewAuth, { courseId: order.productId }, { handle: false })
      .then((c) => {
        const first = c.lastPeriodId || firstPeriod(c.chapterList, c.isFree === 1, c.isPay === 1);
        if (first && c.courseType === 1) setPath(periodPath(c.id, first));
      })
      .catch(() => undefined);
  }, [paidCourse, order]);
  return path;
}

function Facts({ order }: { order: TOrderDetail }) {
  return (
    <dl className="qk-facts">
      <dt>订单号</dt>
      <dd>{order.orderNo}</dd>
      <dt>商品</dt>
      <dd>{order.productName}</dd>
      <dt>{order.orderStatus === OrderStatus.PAID ? '实付金额' : '应付金额'}</dt>
      <dd>{money(order.orderStatus === OrderStatus.PAID ? order.pricePaid : order.pricePayable)}</dd>
      <dt>支付方式</dt>
      <dd>{PAY_TYPE_NAMES[order.payType]}</dd>
      {order.payTime ? (
        <>
          <dt>支付时间</dt>
          <dd>{order.payTime}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * /order/result?orderNo= — where the buyer returns from the cashier. The order is paid only when the gateway's
 * notice arrives, so the page asks until it leaves 待支付, then offers 开始学习 (a course) or shows the new
 * membership (VIP; the session is read again so the header and menus show it).
 */
export default function OrderResult({ loaderData }: Route.ComponentProps) {
  const { order, error, stopped, pending, again } = useOrderPoll(loaderData.order.orderNo, loaderData.order);
  const start = useStartPath(order);
  const revalidator = useRevalidator();
  const current = order ?? loaderData.order;
  const vip = current.productType === ProductType.VIP;
  const paid = current.orderStatus === OrderStatus.PAID;

  useEffect(() => {
    // the membership changed after this page loaded: read the session again for the VIP mark
    if (paid && vip && loaderData.order.orderStatus === OrderStatus.PENDING) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the order turns paid
  }, [paid]);

  let body;
  if (pending) {
    body = (
      <Result
        icon={stopped ? undefined : <Spin size="large" />}
        status={stopped ? 'warning' : 'info'}
        title={stopped ? '还没有收到支付结果' : '正在确认支付结果…'}
        subTitle={
          stopped
            ? '如果已经付款，请稍后重新查询；未付款的订单可以在「我的订单」中继续支付。'
            : '支付平台通知到达后，页面会自动更新，请稍候。'
        }
        extra={[
          stopped ? (
            <Button key="again" type="primary" onClick={again}>
              重新查询
            </Button>
          ) : null,
          <Link key="orders" to="/account/order" className="qk-button">
            我的订单
          </Link>,
        ]}
      />
    );
  } else if (paid) {
    body = (
      <Result
        status="success"
        title={vip ? '会员开通成功' : '支付成功'}
        subTitle={
          vip
            ? `已开通 ${current.vipDays} 天会员，会员免费课程现在就可以学习。`
            : `已购买《${current.productName}》，现在就可以开始学习。`
        }
        extra={
          vip ? (
            <Link to="/vip" className="qk-button qk-button--primary qk-button--large">
              查看我的会员
            </Link>
          ) : (
            <Link
              to={start ?? coursePath({ id: current.productId, courseType: current.courseType })}
              className="qk-button qk-button--primary qk-button--large"
            >
              开始学习
            </Link>
          )
        }
      />
    );
  } else {
    body = (
      <Result
        status="warning"
        title={`订单${ORDER_STATUS_NAMES[current.orderStatus] ?? '状态已变化'}`}
        subTitle="该订单未完成支付。如需购买，请重新下单。"
        extra={
          <Link to="/account/order" className="qk-button">
            我的订单
          </Link>
        }
      />
    );
  }

  return (
    <Page title="支付结果" heading={false}>
      <section className="qk-card qk-order-result" aria-live="polite">
        {body}
        {error ? <Alert type="warning" showIcon title={error} className="qk-form-alert" /> : null}
        <Facts order={current} />
      </section>
    </Page>
  );
}
