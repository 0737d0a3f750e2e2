import { Link } from '../components/link.tsx';
import { vipSetList } from '#contract/order.ts';
import type { Route } from './+types/vip.ts';
import { pageLoad } from '../lib/session-load.ts';
import { EmptyState, Page } from '../components/page.tsx';
import { VipPlans } from '../features/order/vip-plans.tsx';
import { useRootData } from '../lib/root-data.ts';
import { loginUrl } from '../lib/session.ts';
import { VIP_RULES } from '../features/order/vip-rules.ts';
import '../features/order/order.css';

export async function loader(args: Route.LoaderArgs) {
  return { plans: await pageLoad(args, vipSetList) };
}

/** /vip — the membership plans on sale, and for a member the current expiry (spec §2 '立即开通会员' leads here). */
export default function VipPage({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user ?? null;
  const member = user?.isVip === 1;
  return (
    <Page title="会员" heading={false}>
      <section className="qk-vip-hero">
        <div>
          <h1>青课会员</h1>
          <p>开通会员，标有「会员免费」的课程全部免费学习。</p>
        </div>
        <div data-testid="vip-state">
          {member ? (
            <p>
              <span className="qk-vip">VIP</span> 您的会员有效期至 <strong>{user.vipExpireTime}</strong>
            </p>
          ) : user ? (
            <p>您还不是会员</p>
          ) : (
            <p>
              已是会员？<Link to={loginUrl('/vip')}>登录</Link>查看有效期
            </p>
          )}
        </div>
      </section>
      {loaderData.plans.length === 0 ? (
        <EmptyState text="暂未开放会员套餐" />
      ) : (
        <VipPlans plans={loaderData.plans} signedIn={Boolean(user)} member={member} />
      )}
      <section className="qk-card">
        <h2 className="qk-card__title">会员说明</h2>
        <ul className="qk-vip-rules">
          {VIP_RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
