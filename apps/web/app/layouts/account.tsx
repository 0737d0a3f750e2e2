import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import 'virtual:antd-all.css';
import { UserType } from '#contract/user.ts';
import '../styles/account.css';
import type { Route } from './+types/account.ts';
import { SiteHeader } from '../components/header/site-header.tsx';
import { SiteFooter } from '../components/footer/site-footer.tsx';
import { AccountMenu, usesStudyMenu } from '../features/account/account-menus.tsx';
import { useAccountUserOrNull } from '../features/account/account-user.ts';
import { UploadPanel } from '../features/upload/upload-panel.tsx';
import { requireUser } from '../lib/session-load.ts';
import { LayoutErrorContent } from './layout-error.tsx';

/** Spec §4: every account page checks the session first; a refusal goes to the login page and comes back. */
export async function loader(args: Route.LoaderArgs) {
  return { user: await requireUser(args) };
}

function AccountFrame({ children }: { children: ReactNode }) {
  const user = useAccountUserOrNull();
  const { pathname } = useLocation();
  return (
    <div className="qk-frame">
      <SiteHeader />
      <main className="qk-main">
        <div className="qk-container qk-account">
          <AccountMenu user={user} study={usesStudyMenu(pathname)} />
          <section className="qk-account__body">{children}</section>
        </div>
      </main>
      <SiteFooter />
      <UploadPanel lecturer={user?.userType === UserType.LECTURER} />
    </div>
  );
}

/** Spec §2 account layout: header, the side or study menu beside the page, footer. */
export default function AccountLayout() {
  return (
    <AccountFrame>
      <Outlet />
    </AccountFrame>
  );
}

export function ErrorBoundary() {
  return (
    <AccountFrame>
      <LayoutErrorContent />
    </AccountFrame>
  );
}
