import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SiteHeader } from '../components/header/site-header.tsx';
import { SiteFooter } from '../components/footer/site-footer.tsx';
import { chromeFor } from './chrome.ts';

/** Header, content and footer as the default layout draws them for the current path. */
export function SiteFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { pathname } = useLocation();
  const chrome = chromeFor(pathname);
  return (
    <div className="qk-frame">
      {chrome.header ? <SiteHeader showNav={chrome.nav} /> : null}
      <main className={wide ? 'qk-main qk-main--wide' : 'qk-main'}>{children}</main>
      {chrome.footer ? <SiteFooter /> : null}
    </div>
  );
}
