import { redirect } from 'react-router';
import { h5PathOf, pcPathOf, VIEW_COOKIE, VIEW_COOKIE_MAX_AGE, viewChoiceOf } from '#contract/device.ts';
import type { Route } from './+types/switch.ts';
import { safeReturnTo } from '../lib/session.ts';

/**
 * /h5/switch?to=pc|h5&next=/path — the 电脑版 / 手机版 switch (spec §4, decision 38): remembered for a year in a
 * cookie the redirect reads, then on to the same page in the chosen version (H5's home when it has no such page).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = viewChoiceOf(url.searchParams.get('to'));
  const next = new URL(safeReturnTo(url.searchParams.get('next')), url.origin);
  if (!to) throw redirect(next.pathname + next.search);
  const dest = to === 'pc' ? pcPathOf(next.pathname) : (h5PathOf(pcPathOf(next.pathname)) ?? '/h5/');
  return redirect(dest + next.search, {
    headers: { 'Set-Cookie': `${VIEW_COOKIE}=${to}; Path=/; Max-Age=${VIEW_COOKIE_MAX_AGE}; SameSite=Lax` },
  });
}
