import type { ReactNode } from 'react';
import { Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { gradeTips } from '#contract/grade.ts';
import 'virtual:antd-all.css';
import { UserType } from '#contract/user.ts';
import '../styles/account.css';
import type { Route } from './+types/account.ts';
import { SiteHeader } from '../components/header/site-header.tsx';
import { SiteFooter } from '../components/footer/site-footer.tsx';
import { AccountMenu, usesStudyMenu } from '../features/account/account-menus.tsx';
import { useAccountUserOrNull } from '../features/account/account-user.ts';
import { UploadPanel } from '../features/upload/upload-panel.tsx';
import { pageLoadOrNull, requireUser } from '../lib/session-load.ts';
import { LayoutErrorContent } from './layout-error.tsx';

/** Spec §4: every account page checks the session first; a refusal goes to the login page and comes back. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  // spec §2, §6: the class-management entry shows when the server says the user administers a class
  const tips = await pageLoadOrNull(args, gradeTips, {});
  return { user, isGradeAdmin: tips?.isGradeAdmin === 1 };
}

function AccountFrame({ children }: { children: ReactNode }) {
  const user = useAccountUserOrNull();
  const { pathname } = useLocation();
  const isGradeAdmin = useRouteLoaderData<typeof loader>('layouts/account')?.isGradeAdmin ?? false;
  return (
    <div className="qk-frame">
      <SiteHeader />
      <main className="qk-main">
        <div className="qk-container qk-account">
          <AccountMenu user={user} study={usesStudyMenu(pathname)} isGradeAdmin={isGradeAdmin} />
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
