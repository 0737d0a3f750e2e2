import { DownOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { Limits } from '#contract/codes.ts';
import type { TNavBarItem } from '#contract/system.ts';
import { useMarkupKeeper } from '../../lib/kept-markup.ts';
import { useSite } from '../../lib/root-data.ts';
import { isActive, SiteLink } from './nav-link.tsx';

/**
 * Spec §2: the first 10 nav items, the rest under '更多'. The '更多' panel opens on hover and on keyboard
 * focus with CSS alone, keeping popup machinery out of every page's first load.
 */
export function HeaderNav({ items }: { items: TNavBarItem[] }) {
  const { pathname } = useLocation();
  const { webInfo } = useSite();
  const keeper = useMarkupKeeper();
  const active = items.map((item) => isActive(item.navUrl, pathname));
  if (keeper) {
    // the same on every page of the site that is in the same section: rendered once on the server for each
    const key = `nav:${active.map((a) => (a ? 1 : 0)).join('')}`;
    const kept = keeper.markup(webInfo, key, [items], () => <NavItems items={items} active={active} />);
    return <nav className="qk-nav" aria-label="主导航" dangerouslySetInnerHTML={{ __html: kept }} />;
  }
  return (
    <nav className="qk-nav" aria-label="主导航">
      <NavItems items={items} active={active} />
    </nav>
  );
}

/** The navigation's links, those of the section one is in marked. */
export function NavItems({ items, active }: { items: TNavBarItem[]; active: boolean[] }) {
  const shown = items.slice(0, Limits.headerNavVisible);
  const more = items.slice(Limits.headerNavVisible);
  const on = (item: TNavBarItem) => active[items.indexOf(item)] === true;
  const cls = (item: TNavBarItem) => `qk-nav__item${on(item) ? ' is-active' : ''}`;
  return (
    <>
      {shown.map((item) => (
        <SiteLink key={item.id} href={item.navUrl} target={item.target} className={cls(item)}>
          {item.navTitle}
        </SiteLink>
      ))}
      {more.length > 0 ? (
        <div className="qk-nav__more">
          <button
            type="button"
            className={`qk-nav__item qk-nav__toggle${more.some(on) ? ' is-active' : ''}`}
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
    </>
  );
}
