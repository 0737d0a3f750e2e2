import { useEffect, useState } from 'react';
import { OrderStatus, orderView, type TOrderDetail } from '#contract/order.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { sessionLost } from '../../lib/session.ts';

/** How often an unpaid order is asked about while the buyer pays, and for how long before the page stops asking. */
export const POLL_MS = 2000;
const POLL_LIMIT_MS = 10 * 60_000;

/**
 * Asks the order view again every two seconds while the order is unpaid: the gateway's notice, not the buyer's
 * return, is what marks an order paid, so the page waits for it. Stops once the order leaves 待支付, or after ten
 * minutes (the page then offers to look again). A failed question is shown and asked again next turn.
 */
export function useOrderPoll(orderNo: string, initial: TOrderDetail | null) {
  const [order, setOrder] = useState<TOrderDetail | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [stopped, setStopped] = useState(false);
  const pending = !order || order.orderStatus === OrderStatus.PENDING;

  useEffect(() => {
    if (!pending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    const started = Date.now();
    setStopped(false);
    async function tick() {
      try {
        const next = await api(orderView, { orderNo });
        if (gone) return;
        setOrder(next);
        setError(null);
        if (next.orderStatus !== OrderStatus.PENDING) return;
      } catch (err) {
        if (gone || sessionLost(err)) return;
        setError(inlineMessage(err, '查询支付结果失败，稍后自动重试'));
      }
      if (Date.now() - started > POLL_LIMIT_MS) setStopped(true);
      else timer = setTimeout(() => void tick(), POLL_MS);
    }
    timer = setTimeout(() => void tick(), order ? POLL_MS : 0);
    return () => {
      gone = true;
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts only when asked to look again
  }, [orderNo, round]);

  return { order, error, stopped, pending, again: () => setRound((n) => n + 1) };
}
