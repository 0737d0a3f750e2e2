import { Segmented } from 'antd';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/draw-money.ts';
import { Page } from '../../components/page.tsx';
import { useAccountUser } from '../../features/account/account-user.ts';
import { BankCard } from '../../features/account/bank-card.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { BalanceCards } from '../../features/order/balance-cards.tsx';
import { EXTRACT_STATE_TABS, loadDrawMoney } from '../../features/order/draw-money-load.ts';
import { ExtractTable } from '../../features/order/money-tables.tsx';
import { WithdrawForm } from '../../features/order/withdraw-form.tsx';
import '../../features/order/order.css';

export function loader(args: Route.LoaderArgs) {
  return loadDrawMoney(args, 10);
}

/** /account/draw_money — withdraw earnings to my bank card (SMS code, a minimum amount) and follow each withdrawal. */
export default function AccountDrawMoney({ loaderData }: Route.ComponentProps) {
  const { state, balance, bank, log } = loaderData;
  const user = useAccountUser();
  const setParam = useQueryParam();
  return (
    <Page title="提现">
      <BalanceCards balance={balance} />
      <div className="qk-withdraw">
        <WithdrawForm balance={balance} mobile={user.mobile} />
        <BankCard bank={bank} mobile={user.mobile} />
      </div>
      <section className="qk-card" style={{ marginTop: 20 }}>
        <h2 className="qk-card__title">
          提现记录
          <Segmented
            size="small"
            value={state}
            options={EXTRACT_STATE_TABS}
            onChange={(v) => setParam('state', String(v) || null)}
          />
        </h2>
        <ExtractTable page={log} onPage={(n) => setParam('page', n)} />
        <p className="qk-muted qk-withdraw__note">
          提现申请经平台审核后打款到您的银行卡；未通过或打款失败的金额退回可提现余额。收入明细见
          <Link to="/account/earnings">我的收益</Link>。
        </p>
      </section>
    </Page>
  );
}
