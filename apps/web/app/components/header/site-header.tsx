import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../link.tsx';
import { useSite } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';
import { HeaderNav } from './header-nav.tsx';
import { SearchBox } from './search-box.tsx';

const UserMenu = lazy(() => import('./user-menu.tsx'));

export function SiteLogo() {
  const { webInfo } = useSite();
  return (
    <Link to="/" className="qk-logo" aria-label={webInfo.siteNamePc}>
      {webInfo.logo ? (
        <img src={webInfo.logo} alt={webInfo.siteNamePc} />
      ) : (
        <span className="qk-logo__text">{webInfo.siteNamePc}</span>
      )}
    </Link>
  );
}

/** Spec §2 header: logo, navigation, search, 我的学习, and the guest links or the user's menu. */
export function SiteHeader({ showNav = true }: { showNav?: boolean }) {
  const { navBar, user } = useSite();
  return (
    <header className="qk-header">
      <div className="qk-container qk-header__bar">
        <SiteLogo />
        {showNav ? <HeaderNav items={navBar} /> : <div className="qk-nav" />}
        <div className="qk-header__tools">
          <SearchBox variant="header" />
          <Link to="/myStudy" className="qk-header__study">
            我的学习
          </Link>
          {user ? (
            <Suspense fallback={null}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <GuestLinks />
          )}
        </div>
      </div>
    </header>
  );
}

/** The login layout's header: logo and the service hotline. */
export function SimpleHeader() {
  const { webInfo } = useSite();
  return (
    <header className="qk-header qk-header--simple">
      <div className="qk-container qk-header__bar">
        <SiteLogo />
        {webInfo.telephone ? (
          <div className="qk-header__phone">
            服务热线：<a href={`tel:${webInfo.telephone.replace(/[^\d+]/g, '')}`}>{webInfo.telephone}</a>
          </div>
        ) : null}
      </div>
    </header>
  );
}

/** Logging in from a page comes back to it (spec §4 temporary return URL). */
export function GuestLinks() {
  const { pathname, search } = useLocation();
  return (
    <div className="qk-guest">
      <Link to={loginUrl(pathname === '/' ? undefined : pathname + search)} className="qk-guest__login">
        登录
      </Link>
      <span className="qk-guest__sep">|</span>
      <Link to="/register" className="qk-guest__register">
        注册
      </Link>
    </div>
  );
}
