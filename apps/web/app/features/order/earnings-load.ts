import { accountBalanceView, accountIncomeDay, accountLedgerList } from '#contract/account-ledger.ts';
import { orderLecturer } from '#contract/order.ts';
import { pageLoad, pageLoadOrNull, type LoaderArgsLike } from '../../lib/session-load.ts';
import { lastDays } from './order-format.ts';

/** 我的收益's ranges of income by day (`?days=`), the first one when the address names none. */
export const INCOME_RANGES = [
  { value: '7', label: '近 7 天' },
  { value: '30', label: '近 30 天' },
  { value: '90', label: '近 90 天' },
] as const;

function daysOf(url: URL): number {
  const asked = url.searchParams.get('days');
  return Number(INCOME_RANGES.find((r) => r.value === asked)?.value ?? INCOME_RANGES[0].value);
}

/** A list's own page (`?lpage=`, `?spage=`): two lists page apart on one page. */
function pageParam(url: URL, name: string): number {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * 我的收益, read the same way by the PC page and its H5 twin: the balances, income by day over the chosen range,
 * every ledger row and, for lecturers, their course sales.
 */
export async function loadEarnings(args: LoaderArgsLike, pageSize: number) {
  const url = new URL(args.request.url);
  const days = daysOf(url);
  const [balance, income, ledger, sales] = await Promise.all([
    pageLoad(args, accountBalanceView),
    pageLoad(args, accountIncomeDay, lastDays(days)),
    pageLoad(args, accountLedgerList, { pageCurrent: pageParam(url, 'lpage'), pageSize }),
    // only lecturers have sales; anyone else is refused (999) and the section is left out
    pageLoadOrNull(args, orderLecturer, {
      pageCurrent: pageParam(url, 'spage'),
      pageSize,
      beginDate: '',
      endDate: '',
    }),
  ]);
  return { days, balance, income, ledger, sales };
}
