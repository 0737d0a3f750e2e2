import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { h5PathOfHash } from '#contract/device.ts';
import { H5ErrorPage } from './error-page.tsx';
import { H5PageSkeleton } from './page-skeleton.tsx';
import { H5TabBar } from './tab-bar.tsx';
import './h5-base.css';
import './h5.css';

export function links() {
  return [{ rel: 'manifest', href: '/h5/manifest.webmanifest' }];
}

/**
 * The H5 site's frame (decision 38): phone-wide pages over a bottom tab bar clear of the home indicator. The
 * entry `/h5/` also reads the spec's hash route (`/h5/#/view/5?x=1`, where phones on PC pages are sent) and goes
 * on to that page, its query kept; a hash naming a page H5 has not got yet opens the PC page.
 */
export default function H5Layout() {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  // going to another page: its skeleton at once, rather than the old page standing still while the new one loads
  const next = useNavigation().location;
  const leaving = next !== undefined && next.pathname !== pathname;
  useEffect(() => {
    if (pathname !== '/h5/' && pathname !== '/h5') return;
    if (!hash.startsWith('#/')) return;
    const to = h5PathOfHash(hash);
    if (to) void navigate(to, { replace: true });
    else window.location.replace(hash.slice(1));
  }, [pathname, hash, navigate]);

  return (
    <div className="h5-app">
      {/* the browser's bar in the school's colour, as the manifest says */}
      <meta name="theme-color" content="#00777c" />
      <main className="h5-main">{leaving ? <H5PageSkeleton /> : <Outlet />}</main>
      <H5TabBar />
    </div>
  );
}

export function ErrorBoundary() {
  return <H5ErrorPage />;
}
