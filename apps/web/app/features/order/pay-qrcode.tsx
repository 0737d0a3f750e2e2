import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { OrderStatus, PAY_TYPE_NAMES, type TPayResult } from '#contract/order.ts';
import { money, resultPath } from './order-format.ts';
import { useOrderPoll } from './use-order-poll.ts';
import { FetchSpin } from '../../components/fetch-spin.tsx';

/** QR codes are drawn in the browser, on demand, from the gateway's code URL. */
function useQrImage(text: string): string | null {
  const [img, setImg] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(text, { width: 220, margin: 1 }))
      .then((url) => {
        if (!gone) setImg(url);
      });
    return () => {
      gone = true;
    };
  }, [text]);
  return img;
}

/**
 * A QR-code payment (WeChat Native): the code to scan, the amount and the deadline, while the order is asked
 * about until its notice arrives; then the result page takes over.
 */
export function PayQrcode({ result, onBack }: { result: TPayResult; onBack: () => void }) {
  const img = useQrImage(result.payUrl);
  const { order, error, stopped, again } = useOrderPoll(result.orderNo, null);
  const done = order !== null && order.orderStatus !== OrderStatus.PENDING;

  useEffect(() => {
    if (done) window.location.assign(resultPath(result.orderNo));
  }, [done, result.orderNo]);

  return (
    <div className="qk-checkout qk-checkout--qr">
      <p>
        请使用{PAY_TYPE_NAMES[result.payType]}扫码支付{' '}
        <strong className="qk-checkout__price">{money(result.amount)}</strong>
      </p>
      <div className="qk-checkout__qr">
        {img ? (
          <img src={img} alt={`${PAY_TYPE_NAMES[result.payType]}支付二维码`} width={220} height={220} />
        ) : (
          <FetchSpin />
        )}
      </div>
      <p className="qk-muted">
        {result.subject} · 请在 {result.expireTime} 前完成支付
      </p>
      {error ? <Alert type="warning" showIcon title={error} /> : null}
      <p className="qk-muted">
        {done ? '支付成功，正在跳转…' : stopped ? '还没有收到支付结果。' : '支付完成后页面会自动跳转'}
      </p>
      <div className="qk-form-actions qk-checkout__qr-actions">
        {stopped ? <Button onClick={again}>重新查询</Button> : null}
        <Button href={resultPath(result.orderNo)}>我已支付</Button>
        <Button type="link" onClick={onBack}>
          更换支付方式
        </Button>
      </div>
    </div>
  );
}
