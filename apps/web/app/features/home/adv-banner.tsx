import { useState } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { ADV_CLOSED_COOKIE, Limits } from '#contract/codes.ts';
import type { TAdv } from '#contract/system.ts';
import { SiteLink } from '../../components/header/nav-link.tsx';
import { readCookie } from '../../lib/session.ts';

/**
 * Closing the ad sets a cookie that lives for the spec's two minutes (§4): the home page's loader reads it, so a
 * closed ad is not rendered at all, never flashes, and never pushes the page about when it goes.
 */
export function advClosed(request: Request): boolean {
  return readCookie(request.headers.get('cookie'), ADV_CLOSED_COOKIE) === '1';
}

/**
 * The home page ad (adv/list): a strip in the page's flow under the banners, so it covers nothing (a bar fixed
 * to the window hid the first row of courses until it was closed).
 */
export function AdvBanner({ adv }: { adv: TAdv }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const close = () => {
    document.cookie = `${ADV_CLOSED_COOKIE}=1; Max-Age=${Limits.advDismissMs / 1000}; Path=/; SameSite=Lax`;
    setOpen(false);
  };
  return (
    <aside className="qk-container qk-adv" aria-label="广告">
      <SiteLink href={adv.advUrl} target={adv.advTarget} className="qk-adv__link">
        <img src={adv.advImg} alt={adv.advTitle} />
      </SiteLink>
      <button type="button" className="qk-adv__close" onClick={close} aria-label="关闭广告">
        <CloseOutlined />
      </button>
    </aside>
  );
}
