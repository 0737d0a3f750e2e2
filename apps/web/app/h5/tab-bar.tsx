import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import { useRootData } from '../lib/root-data.ts';

const ICONS = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  list: 'M4 5h16v2H4zm0 6h16v2H4zm0 6h16v2H4z',
  my: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
};

/** The bottom tab bar: 首页, 选课, 我的 (the login page for a guest). Real links, so it works before hydration. */
export function H5TabBar() {
  const { pathname } = useLocation();
  const signedIn = Boolean(useRootData()?.user);
  // pages with their own bottom bar (study or buy, start a paper, practise) or none (the lesson, the attempt)
  if (/^\/h5\/(view|exam|account\/error|resource\/detail|library\/view)\//.test(pathname)) return null;
  const tabs = [
    { to: '/h5/', label: '首页', icon: ICONS.home, on: pathname === '/h5/' || pathname === '/h5' },
    { to: '/h5/list', label: '选课', icon: ICONS.list, on: /^\/h5\/(list|resource|library)$/.test(pathname) },
    {
      to: signedIn ? '/h5/my' : '/h5/login',
      label: '我的',
      icon: ICONS.my,
      on: /^\/h5\/(my|login|register)/.test(pathname),
    },
  ];
  return (
    <nav className="h5-tabbar" aria-label="主导航">
      {tabs.map((t) => (
        <Link key={t.label} to={t.to} className={t.on ? 'h5-tabbar__item is-on' : 'h5-tabbar__item'}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d={t.icon} fill="currentColor" />
          </svg>
          <span>{t.label}</span>
        </Link>
      ))}
    </nav>
  );
}
