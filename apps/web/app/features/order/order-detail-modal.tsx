import { useEffect, useState } from 'react';
import { Descriptions, Modal } from 'antd';
import {
  ORDER_STATUS_NAMES,
  orderView,
  PAY_TYPE_NAMES,
  PRODUCT_TYPE_NAMES,
  ProductType,
  type TOrderDetail,
} from '#contract/order.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { money } from './order-format.ts';
import { FetchSpin } from '../../components/fetch-spin.tsx';

/** One of my orders in full: what, how much, the payment's serial and trade numbers and every time it changed. */
export function OrderDetailModal({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const [order, setOrder] = useState<TOrderDetail | null>(null);
  const { run, error } = useAction();
  useEffect(() => {
    setOrder(null);
    if (orderNo) void run(() => api(orderView, { orderNo })).then((o) => o && setOrder(o));
  }, [orderNo, run]);

  const o = order;
  return (
    <Modal title="订单详情" open={orderNo !== null} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {o ? (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label="订单号">{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label="商品">
            {PRODUCT_TYPE_NAMES[o.productType]}：{o.productName}
            {o.productType === ProductType.VIP
              ? `（${o.vipDays} 天）`
              : o.lecturerName
                ? `（讲师 ${o.lecturerName}）`
                : ''}
          </Descriptions.Item>
          <Descriptions.Item label="订单状态">{ORDER_STATUS_NAMES[o.orderStatus]}</Descriptions.Item>
          <Descriptions.Item label="原价">{money(o.rulingPrice)}</Descriptions.Item>
          <Descriptions.Item label="应付金额">{money(o.pricePayable)}</Descriptions.Item>
          <Descriptions.Item label="实付金额">{money(o.pricePaid)}</Descriptions.Item>
          <Descriptions.Item label="支付方式">{PAY_TYPE_NAMES[o.payType]}</Descriptions.Item>
          <Descriptions.Item label="支付流水号">{o.serialNumber || '—'}</Descriptions.Item>
          <Descriptions.Item label="交易号">{o.tradeNo || '—'}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{o.gmtCreate}</Descriptions.Item>
          {o.expireTime ? <Descriptions.Item label="自动关闭时间">{o.expireTime}</Descriptions.Item> : null}
          {o.payTime ? <Descriptions.Item label="支付时间">{o.payTime}</Descriptions.Item> : null}
          {o.closeTime ? <Descriptions.Item label="关闭时间">{o.closeTime}</Descriptions.Item> : null}
          {o.refundTime ? <Descriptions.Item label="退款时间">{o.refundTime}</Descriptions.Item> : null}
        </Descriptions>
      ) : error ? (
        <p className="qk-unread">{error}</p>
      ) : (
        <FetchSpin />
      )}
    </Modal>
  );
}
