import { recommendedList, sharingRecommended } from '#contract/account.ts';
import { accountBalanceView, recommendedRewardList } from '#contract/account-ledger.ts';
import { pageLoad, pageLoadOrNull, type LoaderArgsLike } from '../../lib/session-load.ts';
import { pageFromUrl } from './page-query.ts';

/** The rewards' own page (`?rpage=`), apart from the referred users' (`?page=`): both lists show at once. */
function rewardPageOf(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get('rpage'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/**
 * 我的推荐, read the same way by the PC page and its H5 twin: the share code, link and QR image, whom they brought
 * in, the rewards their payments earned and the balance the rewards went to. A person without the recommender flag
 * is refused (999): everything is null and the page explains instead.
 */
export async function loadRecommend(args: LoaderArgsLike, pageSize: number) {
  const share = await pageLoadOrNull(args, sharingRecommended);
  if (!share) return { share: null, page: null, rewards: null, balance: null };
  const [page, rewards, balance] = await Promise.all([
    pageLoad(args, recommendedList, { pageCurrent: pageFromUrl(args.request), pageSize }),
    pageLoad(args, recommendedRewardList, { pageCurrent: rewardPageOf(args.request), pageSize }),
    pageLoad(args, accountBalanceView),
  ]);
  return { share, page, rewards, balance };
}
