import { useEffect, useState } from 'react';
import { Popup } from 'antd-mobile';
import { formatMoney } from '#contract/money.ts';
import { payChannelList, type TPayType } from '#contract/order.ts';
import { api, inlineMessage } from '../api/client.ts';
import { payCall, type Purchase } from '../features/order/pay-call.ts';
import { openWechatCashier, payClientOf } from './wechat-pay.ts';

/** What WeChat's cashier answered, for the buyer; 'ok' goes on to the order's result page instead. */
const WECHAT_OUTCOME = {
  cancel: '已取消支付。订单会保留到截止时间，可在“我的订单”中继续支付',
  fail: '微信支付未能完成，请稍后再试或换一种支付方式',
  absent: '未能打开微信支付，请在微信中重新打开本页，或换一种支付方式',
} as const;

/**
 * The checkout on a phone: what is bought, the site's payment channels (the first chosen), then the pay call,
 * telling the server what the page runs on so it picks the phone's trade type: inside WeChat's browser WeChat Pay
 * opens WeChat's own cashier (JSAPI) with the parameters the server signed; elsewhere WeChat Pay's H5 cashier,
 * Alipay's mobile cashier and the sandbox cashier are pages opened in place, each coming back to the order's
 * result page.
 */
export function CheckoutSheet({ purchase, onClose }: { purchase: Purchase | null; onClose: () => void }) {
  const [channels, setChannels] = useState<Array<{ payType: TPayType; payName: string }> | null>(null);
  const [payType, setPayType] = useState<TPayType>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inWechat, setInWechat] = useState(false);
  const open = purchase !== null;

  // read in the browser: the server's copy of the page does not know which app shows it
  useEffect(() => setInWechat(payClientOf(navigator.userAgent) === 'wechat'), []);

  useEffect(() => {
    if (!open || channels) return;
    api(payChannelList).then(
      (list) => {
        setChannels(list);
        // inside WeChat its own pay comes first, where the site offers it (Alipay cannot open there)
        const wechat = payClientOf(navigator.userAgent) === 'wechat' && list.some((c) => c.payType === 'wechat');
        setPayType(wechat ? 'wechat' : list[0]?.payType);
      },
      (err: unknown) => setError(inlineMessage(err, '支付方式加载失败，请稍后再试')),
    );
  }, [open, channels]);

  async function pay() {
    if (!purchase) return;
    setBusy(true);
    setError(null);
    try {
      const r = await payCall(purchase, payType, payClientOf(navigator.userAgent));
      if (r.payKind === 'redirect') return window.location.assign(r.payUrl);
      if (r.payKind === 'jsapi' && r.jsapi) {
        const outcome = await openWechatCashier(r.jsapi);
        if (outcome === 'ok') return window.location.assign(r.payUrl);
        setError(WECHAT_OUTCOME[outcome]);
      } else setError('这种支付方式需要扫码，请换一种支付方式，或在电脑上打开“我的订单”完成支付');
    } catch (err) {
      setError(inlineMessage(err, '发起支付失败，请稍后再试'));
    }
    setBusy(false);
  }

  return (
    <Popup visible={open} onMaskClick={busy ? undefined : onClose} bodyClassName="h5-sheet" destroyOnClose>
      {purchase ? (
        <div className="h5-checkout" role="dialog" aria-label="确认支付">
          <h2>{purchase.kind === 'vip' ? '开通会员' : purchase.kind === 'order' ? '继续支付' : '购买课程'}</h2>
          <p className="h5-checkout__name">{purchase.name}</p>
          <p className="h5-checkout__price">
            应付 <strong>{formatMoney(purchase.price)}</strong>
          </p>
          <fieldset className="h5-checkout__channels">
            <legend>支付方式</legend>
            {channels === null && !error ? <p className="h5-muted">正在加载支付方式…</p> : null}
            {channels?.map((c) => (
              <label key={c.payType}>
                <input
                  type="radio"
                  name="payType"
                  value={c.payType}
                  checked={payType === c.payType}
                  onChange={() => setPayType(c.payType)}
                />
                {c.payName}
              </label>
            ))}
          </fieldset>
          {inWechat && payType === 'alipay' ? (
            <p className="h5-muted" role="note">
              微信内无法打开支付宝：请点右上角“…”选择在浏览器中打开本页后再付款，或选择微信支付
            </p>
          ) : null}
          {error ? (
            <p className="h5-form__error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="h5-button h5-button--buy h5-button--block"
            disabled={busy || !channels?.length}
            onClick={() => void pay()}
          >
            {busy ? '正在前往支付…' : '确认支付'}
          </button>
          <button type="button" className="h5-button h5-button--block" disabled={busy} onClick={onClose}>
            再想想
          </button>
        </div>
      ) : null}
    </Popup>
  );
}
