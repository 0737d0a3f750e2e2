import { useEffect, useState } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { Limits } from '#contract/codes.ts';
import type { TAdv } from '#contract/system.ts';
import { SiteLink } from '../../components/header/nav-link.tsx';

const CLOSED_KEY = 'qk:advClosedAt';

function recentlyClosed(): boolean {
  try {
    return Date.now() - Number(localStorage.getItem(CLOSED_KEY) ?? 0) < Limits.advDismissMs;
  } catch {
    return false;
  }
}

/**
 * The home page ad (adv/list), a bar fixed to the bottom of the window. Closing it keeps it away for two
 * minutes (spec §4). It appears only once the browser has checked that, so a closed ad never flashes.
 */
export function AdvBanner({ adv }: { adv: TAdv }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(!recentlyClosed());
  }, []);
  if (!open) return null;
  const close = () => {
    try {
      localStorage.setItem(CLOSED_KEY, String(Date.now()));
    } catch {
      // storage disabled: the ad closes for this page view only
    }
    setOpen(false);
  };
  return (
    <aside className="qk-adv" aria-label="广告">
      <div className="qk-container qk-adv__inner">
        <SiteLink href={adv.advUrl} target={adv.advTarget} className="qk-adv__link">
          <img src={adv.advImg} alt={adv.advTitle} />
        </SiteLink>
        <button type="button" className="qk-adv__close" onClick={close} aria-label="关闭广告">
          <CloseOutlined />
        </button>
      </div>
    </aside>
  );
}
