import { Outlet } from 'react-router';
import { SiteFrame } from './site-frame.tsx';
import { LayoutErrorContent } from './layout-error.tsx';

/** Activity pages (sign-ups, recruiting, online tests): full-width content between the usual header and footer. */
export default function ActivityLayout() {
  return (
    <SiteFrame wide>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return (
    <SiteFrame>
      <LayoutErrorContent />
    </SiteFrame>
  );
}
