import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { accountBalanceView, EXTRACT_STATUS_NAMES, extractLogList } from '#contract/account-ledger.ts';
import { accountView } from '#contract/account.ts';
import type { Route } from './+types/draw-money.ts';
import { Page } from '../../components/page.tsx';
import { useAccountUser } from '../../features/account/account-user.ts';
import { BankCard } from '../../features/account/bank-card.tsx';
import { pageFromUrl, useQueryParam } from '../../features/account/page-query.ts';
import { BalanceCards } from '../../features/order/balance-cards.tsx';
import { ExtractTable } from '../../features/order/money-tables.tsx';
import { WithdrawForm } from '../../features/order/withdraw-form.tsx';
import { pageLoad } from '../../lib/session-load.ts';
import '../../features/order/order.css';

const PAGE_SIZE = 10;
const STATES = [
  { value: '', label: '全部' },
  ...Object.entries(EXTRACT_STATUS_NAMES).map(([value, label]) => ({ value, label })),
];

export async function loader(args: Route.LoaderArgs) {
  const s = Number(new URL(args.request.url).searchParams.get('state'));
  const extractStatus = Number.isInteger(s) && s >= 1 && s <= 5 ? s : undefined;
  const [balance, bank, log] = await Promise.all([
    pageLoad(args, accountBalanceView),
    pageLoad(args, accountView),
    pageLoad(args, extractLogList, { pageCurrent: pageFromUrl(args.request), pageSize: PAGE_SIZE, extractStatus }),
  ]);
  return { balance, bank, log };
}

/** /account/draw_money — withdraw earnings to my bank card (SMS code, a minimum amount) and follow each withdrawal. */
export default function AccountDrawMoney({ loaderData }: Route.ComponentProps) {
  const { balance, bank, log } = loaderData;
  const user = useAccountUser();
  const [params] = useSearchParams();
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
            value={params.get('state') ?? ''}
            options={STATES}
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
