import { Badge, Button, Popconfirm } from 'antd';
import { Link } from '../../components/link.tsx';
import { OrderStatus, orderClose, PAY_TYPE_NAMES, ProductType, type TOrderItem } from '#contract/order.ts';
import { api } from '../../api/client.ts';
import { coursePath } from '../course/course-format.ts';
import { useAction } from '../account/use-action.ts';
import { money, ORDER_STATUS_OPTIONS } from './order-format.ts';

interface Props {
  order: TOrderItem;
  onPay: (order: TOrderItem) => void;
  onView: (orderNo: string) => void;
  onChanged: () => Promise<void>;
}

/** One of my orders: the product, its numbers, its state and what can be done with it now. */
export function OrderCard({ order: o, onPay, onView, onChanged }: Props) {
  const { run, pending } = useAction();
  const course = o.productType === ProductType.COURSE;
  const page = course ? coursePath({ id: o.productId, courseType: o.courseType }) : '/vip';
  const status = ORDER_STATUS_OPTIONS.find((s) => s.value === o.orderStatus);

  async function close() {
    if (
      (await run(() => api(orderClose, { orderNo: o.orderNo }), { toast: true, success: '订单已关闭' })) !== undefined
    )
      await onChanged();
  }

  return (
    <article className="qk-order-card" data-testid={`order-${o.orderNo}`}>
      <Link to={page} className="qk-order-card__img" aria-hidden tabIndex={-1}>
        {o.productImg ? <img src={o.productImg} alt="" /> : course ? '课程' : 'VIP'}
      </Link>
      <div className="qk-order-card__main">
        <Link to={page} className="qk-order-card__name">
          {o.productName}
        </Link>
        <div className="qk-order-card__meta">
          <span>{course ? `讲师：${o.lecturerName || '青课讲师'}` : `会员 ${o.vipDays} 天`}</span>
          <span>订单号：{o.orderNo}</span>
          <span>下单时间：{o.gmtCreate}</span>
          <span>支付方式：{PAY_TYPE_NAMES[o.payType]}</span>
          {o.payTime ? <span>支付时间：{o.payTime}</span> : null}
        </div>
        {o.orderStatus === OrderStatus.PENDING && o.expireTime ? (
          <div className="qk-order-card__meta">请在 {o.expireTime} 前支付，逾期订单自动关闭</div>
        ) : null}
      </div>
      <div className="qk-order-card__side">
        <span className="qk-order-card__price">
          {money(o.orderStatus === OrderStatus.PAID ? o.pricePaid : o.pricePayable)}
        </span>
        <Badge status={status?.status ?? 'default'} text={status?.label ?? ''} />
        <div className="qk-form-actions">
          {o.orderStatus === OrderStatus.PENDING ? (
            <>
              <Button type="primary" danger size="small" onClick={() => onPay(o)}>
                去支付
              </Button>
              <Popconfirm title="确定关闭这个订单吗？" okText="关闭订单" cancelText="再想想" onConfirm={() => close()}>
                <Button size="small" loading={pending}>
                  关闭订单
                </Button>
              </Popconfirm>
            </>
          ) : o.orderStatus === OrderStatus.PAID && course ? (
            <Link to={page}>
              <Button type="primary" size="small">
                开始学习
              </Button>
            </Link>
          ) : null}
          <Button size="small" type="link" onClick={() => onView(o.orderNo)}>
            查看详情
          </Button>
        </div>
      </div>
    </article>
  );
}
