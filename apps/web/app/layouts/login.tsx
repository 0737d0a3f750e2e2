import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import '../styles/account.css';
import { SimpleHeader } from '../components/header/site-header.tsx';
import { SiteFooter } from '../components/footer/site-footer.tsx';
import { useSite } from '../lib/root-data.ts';
import { LayoutErrorContent } from './layout-error.tsx';

function LoginFrame({ children }: { children: ReactNode }) {
  const { webInfo } = useSite();
  const bg = webInfo.loginBgImg ? { backgroundImage: `url("${webInfo.loginBgImg.replace(/"/g, '%22')}")` } : undefined;
  return (
    <div className="qk-frame">
      <SimpleHeader />
      <main className="qk-main qk-login" style={bg}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Spec §2 login layout: a simple header with the hotline, the page over the login background, the footer. */
export default function LoginLayout() {
  return (
    <LoginFrame>
      <Outlet />
    </LoginFrame>
  );
}

export function ErrorBoundary() {
  return (
    <LoginFrame>
      <LayoutErrorContent />
    </LoginFrame>
  );
}
