import { accountBalanceView, EXTRACT_STATUS_NAMES, extractLogList } from '#contract/account-ledger.ts';
import { accountView } from '#contract/account.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';
import { pageFromUrl } from '../account/page-query.ts';

/** 提现记录's filter (`?state=`): a withdrawal's state, '' for all of them. */
export const EXTRACT_STATE_TABS = [
  { value: '', label: '全部' },
  ...Object.entries(EXTRACT_STATUS_NAMES).map(([value, label]) => ({ value, label })),
];

/**
 * 提现, read the same way by the PC page and its H5 twin: the balances, the payout card (masked, or null) and my
 * withdrawals in the state asked for; an unknown `?state=` shows them all.
 */
export async function loadDrawMoney(args: LoaderArgsLike, pageSize: number) {
  const asked = new URL(args.request.url).searchParams.get('state') ?? '';
  const state = EXTRACT_STATE_TABS.find((t) => t.value === asked)?.value ?? '';
  const [balance, bank, log] = await Promise.all([
    pageLoad(args, accountBalanceView),
    pageLoad(args, accountView),
    pageLoad(args, extractLogList, {
      pageCurrent: pageFromUrl(args.request),
      pageSize,
      extractStatus: state ? Number(state) : undefined,
    }),
  ]);
  return { state, balance, bank, log };
}
