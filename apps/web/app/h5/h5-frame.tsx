import { useLocation, useNavigate } from 'react-router';
import { Link } from '../components/link.tsx';
import { pcPathOf } from '#contract/device.ts';
import { useRootData } from '../lib/root-data.ts';
import { switchHref } from './h5-links.ts';

/**
 * The top bar: the school's logo on the home page, elsewhere a back button and the page's title; 登录 for a
 * guest. Sticky, below the notch.
 */
export function H5Header({ title, home = false }: { title: string; home?: boolean }) {
  const site = useRootData();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const logo = site?.webInfo.logo;
  function back() {
    // a page opened from a link elsewhere has no history here: go home instead of leaving the site
    if (window.history.state?.idx > 0) void navigate(-1);
    else void navigate('/h5/');
  }
  return (
    <header className="h5-header">
      {home ? (
        <span className="h5-header__brand">
          {logo ? <img src={logo} alt={title} height={28} /> : <strong>{title}</strong>}
        </span>
      ) : (
        <>
          <button type="button" className="h5-header__back" aria-label="返回" onClick={back}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M15.5 4 7.5 12l8 8" fill="none" stroke="currentColor" strokeWidth="2.2" />
            </svg>
          </button>
          <span className="h5-header__title">{title}</span>
        </>
      )}
      {/^\/h5\/search(\/|$)/.test(pathname) ? null : (
        <Link className="h5-header__search" to="/h5/search" aria-label="搜索">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m15.5 15.5 5 5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </Link>
      )}
      {site?.user || /^\/h5\/(login|register)$/.test(pathname) ? (
        <span className="h5-header__side" />
      ) : (
        <Link
          className="h5-header__side h5-header__login"
          to={`/h5/login?redirect=${encodeURIComponent(pathname + search)}`}
        >
          登录
        </Link>
      )}
    </header>
  );
}

/** The bottom of a page: the 电脑版 switch, the school's telephone, copyright and filing number. */
export function H5Footer() {
  const info = useRootData()?.webInfo;
  const { pathname, search } = useLocation();
  return (
    <footer className="h5-footer">
      <p>
        <a href={switchHref('pc', pcPathOf(pathname) + search)}>电脑版</a>
        {info?.telephone ? (
          <>
            <span aria-hidden="true"> · </span>
            <a href={`tel:${info.telephone}`}>客服 {info.telephone}</a>
          </>
        ) : null}
      </p>
      {info?.copyright ? <p>{info.copyright}</p> : null}
      {info?.icp ? <p>{info.icp}</p> : null}
    </footer>
  );
}
