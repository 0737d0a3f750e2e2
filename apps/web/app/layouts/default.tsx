import { Outlet } from 'react-router';
import { SiteFrame } from './site-frame.tsx';
import { LayoutErrorContent } from './layout-error.tsx';

export default function DefaultLayout() {
  return (
    <SiteFrame>
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
