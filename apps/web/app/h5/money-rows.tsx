import type { ReactNode } from 'react';
import {
  EXTRACT_STATUS_NAMES,
  ExtractStatus,
  LEDGER_KIND_NAMES,
  type TExtractLog,
  type TLedgerRow,
} from '#contract/account-ledger.ts';
import type { CallData } from '#contract/call.ts';
import { OrderStatus, type orderLecturer } from '#contract/order.ts';
import { extractNote, ledgerNote } from '../features/order/money-words.ts';
import { money, signedMoney } from '../features/order/order-format.ts';

type Sale = CallData<typeof orderLecturer>['list'][number];

/** One row of a money list: what it was on the left, its amount and state on the right, details below. */
function MoneyRow({
  title,
  amount,
  side,
  children,
}: {
  title: string;
  amount: ReactNode;
  side?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="h5-rows__item">
      <div className="h5-money-row">
        <div className="h5-money-row__main">
          <span className="h5-rows__title">{title}</span>
          {children}
        </div>
        <div className="h5-money-row__side">
          <strong>{amount}</strong>
          {side}
        </div>
      </div>
    </li>
  );
}

/** A change of the account: what may be withdrawn moves by the amount, the frozen part said apart. */
export function LedgerItem({ r }: { r: TLedgerRow }) {
  const note = ledgerNote(r);
  return (
    <MoneyRow
      title={LEDGER_KIND_NAMES[r.kind]}
      amount={r.availableDelta ? signedMoney(r.availableDelta) : '—'}
      side={<span className="h5-muted">余额 {money(r.availableAfter)}</span>}
    >
      {r.frozenDelta ? <span className="h5-muted">冻结 {signedMoney(r.frozenDelta)}</span> : null}
      {note ? <span className="h5-muted h5-money-row__note">{note}</span> : null}
      <span className="h5-muted">{r.gmtCreate}</span>
    </MoneyRow>
  );
}

/** A sale of my course; a refunded one shows its share struck through. */
export function SaleItem({ s }: { s: Sale }) {
  const refunded = s.orderStatus === OrderStatus.REFUNDED;
  return (
    <MoneyRow
      title={s.courseName}
      amount={refunded ? <del>{money(s.lecturerProfit)}</del> : money(s.lecturerProfit)}
      side={
        <span className={refunded ? 'h5-money-state' : 'h5-money-state is-done'}>{refunded ? '已退款' : '已支付'}</span>
      }
    >
      <span className="h5-muted">
        购买人 {s.mobile} · 实付 {money(s.pricePaid)}
      </span>
      <span className="h5-muted">{s.payTime}</span>
    </MoneyRow>
  );
}

const STATE_CLASS: Record<number, string> = {
  [ExtractStatus.SUCCESS]: 'h5-money-state is-done',
  [ExtractStatus.FAILED]: 'h5-money-state is-failed',
};

/** A withdrawal and where it stands (审核中 → 支付中 → 确认中 → 成功, or 失败 with the reason). */
export function ExtractItem({ e }: { e: TExtractLog }) {
  const note = extractNote(e);
  return (
    <MoneyRow
      title={`${e.bankName} ${e.bankCardNo}`}
      amount={money(e.extractAmount)}
      side={
        <span className={STATE_CLASS[e.extractStatus] ?? 'h5-money-state'}>
          {EXTRACT_STATUS_NAMES[e.extractStatus]}
        </span>
      }
    >
      <span className="h5-muted">申请于 {e.gmtCreate}</span>
      {note ? <span className="h5-muted h5-money-row__note">{note}</span> : null}
    </MoneyRow>
  );
}
