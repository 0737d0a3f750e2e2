import { useState } from 'react';
import { Link } from '../components/link.tsx';
import { formatMoney } from '#contract/money.ts';
import { vipSetList, type TVipSet } from '#contract/order.ts';
import type { Route } from './+types/vip.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useRootData } from '../lib/root-data.ts';
import { pageLoad } from '../lib/session-load.ts';
import { VIP_RULES } from '../features/order/vip-rules.ts';
import { LazyCheckoutSheet } from './lazy-checkout.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5LoginPath } from './h5-links.ts';
import './h5-lists.css';

export async function loader(args: Route.LoaderArgs) {
  return { plans: await pageLoad(args, vipSetList) };
}

/** /h5/vip — the membership plans on sale, bought through the H5 checkout; a member sees the expiry. */
export default function H5Vip({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user ?? null;
  const member = user?.isVip === 1;
  const [buying, setBuying] = useState<TVipSet | null>(null);
  const action = member ? '立即续费' : '立即开通';
  return (
    <>
      <PageMeta title="会员" />
      <H5Header title="会员" />
      <section className="h5-section h5-vip" data-testid="vip-state">
        <h1>青课会员</h1>
        <p>开通会员，标有「会员免费」的课程全部免费学习。</p>
        <p className="h5-muted">
          {member ? `您的会员有效期至 ${user.vipExpireTime}` : user ? '您还不是会员' : '已是会员？登录后查看有效期'}
        </p>
      </section>
      {loaderData.plans.length === 0 ? (
        <p className="h5-empty">暂未开放会员套餐</p>
      ) : (
        <ul className="h5-rows" aria-label="会员套餐">
          {loaderData.plans.map((p) => (
            <li key={p.id} className="h5-rows__item">
              <div className="h5-rows__link">
                <span className="h5-rows__title">{p.setName}</span>
                <span className="h5-muted">
                  {p.days} 天 · 约 {formatMoney(Math.floor(p.price / p.days))} / 天
                </span>
                <span className="h5-checkout__price">
                  <strong>{formatMoney(p.price)}</strong>{' '}
                  {p.rulingPrice > p.price ? <del className="h5-muted">{formatMoney(p.rulingPrice)}</del> : null}
                </span>
              </div>
              <div className="h5-rows__actions">
                {user ? (
                  <button type="button" className="h5-button h5-button--buy" onClick={() => setBuying(p)}>
                    {action}
                  </button>
                ) : (
                  <Link className="h5-button h5-button--buy" to={h5LoginPath('/h5/vip')}>
                    登录后{action}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className="h5-section">
        <h2 className="h5-section__title">会员说明</h2>
        <ul className="h5-vip__rules">
          {VIP_RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      <H5Footer />
      <LazyCheckoutSheet
        purchase={
          buying
            ? {
                kind: 'vip',
                vipSetId: buying.id,
                name: buying.setName,
                price: buying.price,
                rulingPrice: buying.rulingPrice,
                days: buying.days,
              }
            : null
        }
        onClose={() => setBuying(null)}
      />
    </>
  );
}
