import { useEffect, useState } from 'react';
import { Alert, Button, Result, Tag } from 'antd';
import { data } from 'react-router';
import { ResultCode } from '#contract/codes.ts';
import { paySandboxConfirm, paySandboxView, type TSandboxTrade } from '#contract/pay.ts';
import type { Route } from './+types/pay-sandbox.ts';
import { api, ApiError, callWith, inlineMessage } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import '../features/pay/sandbox-cashier.css';
import { formatMoney } from '#contract/money.ts';
import { useMinLoading } from '../lib/min-loading.ts';
import { useHydrated } from '../lib/hydrated.ts';

/** How long the paid notice stays on screen before the buyer is taken back to the shop. */
const RETURN_DELAY_MS = 1500;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { transport } = context.get(serverContext);
  try {
    return { trade: await callWith(transport, paySandboxView, { serialNumber: params.serialNumber }) };
  } catch (err) {
    // an unknown or malformed serial number is a cashier that does not exist
    if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
    throw err;
  }
}

/**
 * /pay/sandbox/:serialNumber — the sandbox gateway's cashier (decision 0019). It stands where Alipay's or WeChat's
 * cashier would: its own page without the shop's frame, as wide as the screen that opens it (a computer's checkout
 * or a phone's). Paying here makes the sandbox send the shop a signed notice, then the buyer returns to the shop's
 * page of the version they paid on.
 */
export default function PaySandbox({ loaderData }: Route.ComponentProps) {
  const [trade, setTrade] = useState<TSandboxTrade>(loaderData.trade);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const busyShown = useMinLoading(busy);
  const [error, setError] = useState<string | null>(null);
  const [justPaid, setJustPaid] = useState(false);

  useEffect(() => {
    if (!justPaid) return;
    const timer = setTimeout(() => window.location.assign(trade.returnUrl), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [justPaid, trade.returnUrl]);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      setTrade(await api(paySandboxConfirm, { serialNumber: trade.serialNumber }));
      setJustPaid(true);
    } catch (err) {
      setError(inlineMessage(err, '支付失败，请稍后再试'));
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Button type="primary" size="large" block href={trade.returnUrl}>
      返回商户
    </Button>
  );
  return (
    <main className="qk-cashier">
      <PageMeta title="青课沙箱收银台" />
      <section className="qk-cashier__card">
        <header className="qk-cashier__head">
          <h1>青课沙箱收银台</h1>
          <Tag color="orange">沙箱环境</Tag>
        </header>
        <Alert
          type="warning"
          showIcon
          title="这是沙箱支付，不会产生真实扣款"
          description="本收银台用于体验和测试购买流程：点击「确认支付」不会从任何账户扣钱，也没有真实资金流动。"
        />
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <dl className="qk-facts qk-cashier__facts">
          <dt>商品</dt>
          <dd>{trade.subject}</dd>
          <dt>支付流水号</dt>
          <dd>{trade.serialNumber}</dd>
          <dt>支付截止</dt>
          <dd>{trade.expiresAt}</dd>
        </dl>
        <div className="qk-cashier__amount">
          <span>应付金额</span>
          <strong>{formatMoney(trade.amountFen)}</strong>
        </div>
        {trade.state === 'created' ? (
          <Button
            type="primary"
            size="large"
            block
            loading={busyShown}
            disabled={!hydrated}
            onClick={() => void confirm()}
          >
            确认支付
          </Button>
        ) : trade.state === 'paid' ? (
          <Result
            status="success"
            title={justPaid ? '支付成功，正在返回商户…' : '该交易已支付'}
            subTitle={`沙箱交易号 ${trade.tradeNo}，支付时间 ${trade.paidAt}`}
            extra={back}
          />
        ) : trade.state === 'refunded' ? (
          <Result
            status="info"
            title="已退款"
            subTitle={`商户已退款 ${formatMoney(trade.refundAmountFen)}，退款时间 ${trade.refundedAt}（沙箱交易号 ${trade.tradeNo}）`}
            extra={back}
          />
        ) : (
          <Result
            status="warning"
            title="该交易已超时关闭"
            subTitle="未支付的订单已关闭，请返回重新下单"
            extra={back}
          />
        )}
      </section>
    </main>
  );
}
