import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TVipSet } from '#contract/order.ts';
import { loginUrl } from '../../lib/session.ts';
import { money } from './order-format.ts';

// the checkout loads when a plan is chosen, as on the course page
const CheckoutDialog = lazy(() => import('./checkout-dialog.tsx'));

/** `/vip?buy=<plan id>`: the plan a guest chose before logging in opens in the checkout when they come back. */
const BUY_PARAM = 'buy';

/** The plans on sale as cards, each bought through the checkout (a guest logs in first and comes back to it). */
export function VipPlans({ plans, signedIn, member }: { plans: TVipSet[]; signedIn: boolean; member: boolean }) {
  const [params, setParams] = useSearchParams();
  const [buying, setBuying] = useState<TVipSet | null>(null);
  const asked = params.get(BUY_PARAM);

  useEffect(() => {
    if (!asked || !signedIn) return;
    const plan = plans.find((p) => p.id === asked);
    if (plan) setBuying(plan);
    const next = new URLSearchParams(params);
    next.delete(BUY_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [asked, signedIn, plans, params, setParams]);

  const action = member ? '立即续费' : '立即开通';
  return (
    <div className="qk-vip-plans">
      {plans.map((p) => (
        <section key={p.id} className="qk-vip-plan" aria-label={p.setName}>
          <h2>{p.setName}</h2>
          <span className="qk-muted">{p.days} 天会员</span>
          <span className="qk-vip-plan__price">
            {money(p.price)}
            {p.rulingPrice > p.price ? <del>{money(p.rulingPrice)}</del> : null}
          </span>
          <span className="qk-muted">约 {money(Math.floor(p.price / p.days))} / 天</span>
          {signedIn ? (
            <button type="button" className="qk-button qk-button--buy" onClick={() => setBuying(p)}>
              {action}
            </button>
          ) : (
            <a className="qk-button qk-button--buy" href={loginUrl(`/vip?${BUY_PARAM}=${p.id}`)}>
              {action}
            </a>
          )}
        </section>
      ))}
      {buying ? (
        <Suspense fallback={null}>
          <CheckoutDialog
            purchase={{
              kind: 'vip',
              vipSetId: buying.id,
              name: buying.setName,
              price: buying.price,
              rulingPrice: buying.rulingPrice,
              days: buying.days,
            }}
            onClose={() => setBuying(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
