import { Link } from '../components/link.tsx';
import type { Route } from './+types/account-draw-money.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { EXTRACT_STATE_TABS, loadDrawMoney } from '../features/order/draw-money-load.ts';
import { useSite } from '../lib/root-data.ts';
import { H5BankCard } from './bank-card-form.tsx';
import { H5ChipNav } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Balances } from './money-balances.tsx';
import { ExtractItem } from './money-rows.tsx';
import { H5RowsSection } from './rows-section.tsx';
import { H5WithdrawForm } from './withdraw-form.tsx';
import './h5-lists.css';
import './h5-money.css';

export function loader(args: Route.LoaderArgs) {
  return loadDrawMoney(args, 10);
}

/**
 * /h5/account/draw_money — withdrawing on a phone: the balances, the request (an amount and an SMS code), the
 * payout card (bound first when there is none, so it stands first then) and my withdrawals by state.
 */
export default function H5DrawMoney({ loaderData }: Route.ComponentProps) {
  const { state, balance, bank, log } = loaderData;
  const mobile = useSite().user?.mobile ?? '';
  const card = <H5BankCard bank={bank} mobile={mobile} />;
  return (
    <>
      <PageMeta title="提现" />
      <H5Header title="提现" />
      <h1 className="h5-visually-hidden">提现</h1>
      <H5Balances balance={balance} />
      {bank ? null : card}
      <H5WithdrawForm balance={balance} mobile={mobile} />
      {bank ? card : null}
      <H5RowsSection
        name="提现记录"
        head={
          <H5ChipNav
            label="提现记录的状态"
            className="h5-money__chips"
            options={EXTRACT_STATE_TABS}
            on={state}
            hrefOf={(v) => (v ? `/h5/account/draw_money?state=${v}` : '/h5/account/draw_money')}
            keepPlace
          />
        }
        empty={state ? '没有这个状态的提现记录' : '还没有提现记录'}
        page={log}
        unit="笔"
      >
        {log.list.map((e) => (
          <ExtractItem key={e.id} e={e} />
        ))}
      </H5RowsSection>
      <p className="h5-muted h5-money__note">
        提现申请经平台审核后打款到您的银行卡；未通过或打款失败的金额退回可提现余额。收入明细见
        <Link to="/h5/account/earnings">我的收益</Link>。
      </p>
    </>
  );
}
