import { Outlet } from 'react-router';
import type { Route } from './+types/require-login.ts';
import { requireToken } from '../lib/session.ts';

/** Community pages under 'account' (my blog, writing) keep the default layout but need a session. */
export function loader({ request }: Route.LoaderArgs) {
  requireToken(request);
  return null;
}

export default function RequireLogin() {
  return <Outlet />;
}
