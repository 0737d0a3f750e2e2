import { DownOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { Limits } from '#contract/codes.ts';
import type { TNavBarItem } from '#contract/system.ts';
import { isActive, SiteLink } from './nav-link.tsx';

/**
 * Spec §2: the first 10 nav items, the rest under '更多'. The '更多' panel opens on hover and on keyboard
 * focus with CSS alone, keeping popup machinery out of every page's first load.
 */
export function HeaderNav({ items }: { items: TNavBarItem[] }) {
  const { pathname } = useLocation();
  const shown = items.slice(0, Limits.headerNavVisible);
  const more = items.slice(Limits.headerNavVisible);
  const cls = (item: TNavBarItem) => `qk-nav__item${isActive(item.navUrl, pathname) ? ' is-active' : ''}`;
  return (
    <nav className="qk-nav" aria-label="主导航">
      {shown.map((item) => (
        <SiteLink key={item.id} href={item.navUrl} target={item.target} className={cls(item)}>
          {item.navTitle}
        </SiteLink>
      ))}
      {more.length > 0 ? (
        <div className="qk-nav__more">
          <button
            type="button"
            className={`qk-nav__item qk-nav__toggle${more.some((i) => isActive(i.navUrl, pathname)) ? ' is-active' : ''}`}
            aria-haspopup="true"
          >
            更多 <DownOutlined />
          </button>
          <div className="qk-nav__panel">
            {more.map((item) => (
              <SiteLink key={item.id} href={item.navUrl} target={item.target} className={cls(item)}>
                {item.navTitle}
              </SiteLink>
            ))}
          </div>
        </div>
      ) : null}
    </nav>
  );
}
