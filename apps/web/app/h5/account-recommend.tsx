import { Link } from '../components/link.tsx';
import type { sharingRecommended } from '#contract/account.ts';
import type { recommendedRewardList } from '#contract/account-ledger.ts';
import type { CallData } from '#contract/call.ts';
import type { Route } from './+types/account-recommend.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadRecommend } from '../features/account/recommend-load.ts';
import { money } from '../features/order/order-format.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { copyText } from '../lib/copy-text.ts';
import { showError } from '../lib/toast.ts';
import { H5Header } from './h5-frame.tsx';
import { H5RowsSection } from './rows-section.tsx';
import './h5-lists.css';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadRecommend(args, 10);
}

type Share = CallData<typeof sharingRecommended>;
type Reward = CallData<typeof recommendedRewardList>['list'][number];

async function shareLink(share: Share) {
  try {
    await navigator.share({ text: `用我的推荐码 ${share.referralCode} 注册，一起来学习`, url: share.shareUrl });
  } catch (err) {
    // closing the share sheet is no failure
    if (!(err instanceof DOMException && err.name === 'AbortError')) showError('分享失败，请复制链接发给好友');
  }
}

function ShareCard({ share }: { share: Share }) {
  const hydrated = useHydrated();
  // the share sheet is a phone browser's, and never the server's: offered only where the live page finds it
  const canShare = hydrated && typeof navigator.share === 'function';
  return (
    <section className="h5-section h5-share" aria-label="我的推荐码">
      <p>
        我的推荐码：
        <strong className="h5-share__code" data-testid="referral-code">
          {share.referralCode}
        </strong>
      </p>
      <img src={share.qrcodeImg} alt="推荐二维码" width={180} height={180} />
      <p className="h5-muted">好友扫描二维码或打开下面的链接注册，即成为您推荐的用户。</p>
      <input
        className="h5-share__url"
        value={share.shareUrl}
        readOnly
        aria-label="推荐链接"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="h5-share__actions">
        <button
          type="button"
          className="h5-button h5-button--primary"
          disabled={!hydrated}
          onClick={() => void copyText(share.shareUrl)}
        >
          复制链接
        </button>
        {canShare ? (
          <button type="button" className="h5-button" onClick={() => void shareLink(share)}>
            分享给好友
          </button>
        ) : null}
      </div>
    </section>
  );
}

function RewardRow({ r }: { r: Reward }) {
  const takenBack = r.rewardStatus === 2;
  return (
    <li className="h5-rows__item">
      <div className="h5-rows__link">
        <span className="h5-rows__title">{r.productName}</span>
        <span>
          我的奖励 {takenBack ? <del>{money(r.rewardAmount)}</del> : <strong>{money(r.rewardAmount)}</strong>} ·{' '}
          {takenBack ? '退款扣回' : '已到账'}
        </span>
        <span className="h5-muted">
          购买人 {r.buyerNickname ? `${r.buyerNickname}（${r.buyerMobile}）` : r.buyerMobile} · 实付{' '}
          {money(r.pricePaid)}
        </span>
        <span className="h5-muted">{r.gmtCreate}</span>
      </div>
    </li>
  );
}

/**
 * /h5/account/recommend — for recommenders: my code, QR image and link to copy or share, who registered through
 * them, and the rewards their payments brought me, with the way to withdraw them.
 */
export default function H5Recommend({ loaderData }: Route.ComponentProps) {
  const { share, page, rewards, balance } = loaderData;
  return (
    <>
      <PageMeta title="我的推荐" />
      <H5Header title="我的推荐" />
      <h1 className="h5-visually-hidden">我的推荐</h1>
      {!share || !page || !rewards || !balance ? (
        <div className="h5-empty">
          <p>
            <strong>您还没有推荐资格</strong>
          </p>
          <p>如需成为推荐人，请联系客服开通。</p>
          <Link className="h5-button h5-button--primary" to="/h5/view/service">
            联系客服
          </Link>
        </div>
      ) : (
        <>
          <ShareCard share={share} />
          <H5RowsSection name="我推荐的用户" empty="还没有通过您的推荐注册的用户" page={page} unit="位">
            {page.list.map((u) => (
              <li key={`${u.mobile}-${u.gmtCreate}`} className="h5-rows__item">
                <div className="h5-rows__link">
                  <span className="h5-rows__title">{u.nickname || '—'}</span>
                  <span className="h5-muted">
                    {u.mobile} · 注册于 {u.gmtCreate.slice(0, 10)}
                  </span>
                </div>
              </li>
            ))}
          </H5RowsSection>
          <H5RowsSection
            name="推荐奖励"
            head={
              <>
                <dl className="h5-facts">
                  <dt>累计推荐奖励</dt>
                  <dd data-testid="reward-total">{money(balance.totalReward)}</dd>
                  <dt>当前可提现</dt>
                  <dd>{money(balance.availableAmount)}</dd>
                </dl>
                <Link className="h5-button h5-button--block" to="/h5/account/draw_money">
                  申请提现
                </Link>
              </>
            }
            empty="还没有推荐奖励：您推荐的用户付款后，奖励会记在这里"
            page={rewards}
            unit="笔"
            param="rpage"
          >
            {rewards.list.map((r) => (
              <RewardRow key={r.orderNo} r={r} />
            ))}
          </H5RowsSection>
        </>
      )}
    </>
  );
}
