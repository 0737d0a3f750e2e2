import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Radio } from 'antd';
import 'virtual:antd-all.css';
import { payChannelList, type TPayResult, type TPayType } from '#contract/order.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { money } from './order-format.ts';
import { payCall, type Purchase } from './pay-call.ts';
import { PayQrcode } from './pay-qrcode.tsx';
import './order.css';
import { FetchSpin } from '../../components/fetch-spin.tsx';

/**
 * The checkout: what is bought and its price, the site's payment channels (the first is the default), then the
 * pay call. A redirect channel (the sandbox cashier, Alipay) opens its page; WeChat Native shows its QR code here
 * and waits for the order to be paid.
 */
export default function CheckoutDialog({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const [channels, setChannels] = useState<Array<{ payType: TPayType; payName: string }> | null>(null);
  const [payType, setPayType] = useState<TPayType>();
  const [started, setStarted] = useState<TPayResult | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { run, pending, error } = useAction();
  const load = useAction();

  useEffect(() => {
    void load
      .run(() => api(payChannelList))
      .then((list) => {
        if (!list) return;
        setChannels(list);
        setPayType(list[0]?.payType);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the channel list is read once per checkout
  }, []);

  async function pay() {
    const result = await run(() => payCall(purchase, payType));
    if (!result) return;
    if (result.payKind === 'redirect') {
      setLeaving(true);
      window.location.assign(result.payUrl);
    } else setStarted(result);
  }

  const title = purchase.kind === 'vip' ? '开通会员' : purchase.kind === 'order' ? '继续支付' : '购买课程';
  return (
    <Modal
      title={title}
      open
      onCancel={onClose}
      footer={null}
      width={520}
      destroyOnHidden
      mask={{ closable: !pending && !leaving }}
    >
      {started ? (
        <PayQrcode result={started} onBack={() => setStarted(null)} />
      ) : (
        <div className="qk-checkout">
          <dl className="qk-facts qk-checkout__facts">
            <dt>{purchase.kind === 'vip' ? '会员套餐' : purchase.kind === 'order' ? '订单商品' : '课程'}</dt>
            <dd className="qk-checkout__name">{purchase.name}</dd>
            {purchase.kind === 'vip' ? (
              <>
                <dt>会员时长</dt>
                <dd>{purchase.days} 天（已是会员的，从当前到期时间起顺延）</dd>
              </>
            ) : null}
          </dl>
          <div className="qk-checkout__amount">
            <span>应付金额</span>
            <strong data-testid="checkout-amount">{money(purchase.price)}</strong>
            {purchase.kind !== 'order' && purchase.rulingPrice > purchase.price ? (
              <del>{money(purchase.rulingPrice)}</del>
            ) : null}
          </div>
          <div className="qk-checkout__channels">
            <span className="qk-muted">支付方式</span>
            {channels?.length === 0 ? (
              <Alert type="warning" showIcon title="本站暂未开通在线支付，请联系网站客服" />
            ) : channels ? (
              <Radio.Group
                value={payType}
                onChange={(e) => setPayType(e.target.value as TPayType)}
                options={channels.map((c) => ({ value: c.payType, label: c.payName }))}
              />
            ) : load.error ? (
              <Alert type="error" showIcon title={load.error} />
            ) : (
              <FetchSpin size="small" />
            )}
          </div>
          {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
          <Button
            type="primary"
            size="large"
            block
            danger
            loading={pending || leaving}
            disabled={!payType}
            onClick={() => void pay()}
          >
            {leaving ? '正在前往收银台…' : `确认支付 ${money(purchase.price)}`}
          </Button>
          <p className="qk-muted qk-checkout__note">未支付的订单 30 分钟后自动关闭，可在「我的订单」中继续支付。</p>
        </div>
      )}
    </Modal>
  );
}
