import { useRouteLoaderData } from 'react-router';
import { useRootData } from '../../lib/root-data.ts';
import type { SessionUser } from '../../lib/session.ts';

/** The account layout's route id (routes.ts: layout('layouts/account.tsx')). */
const ACCOUNT_LAYOUT = 'layouts/account';

/** The user as the account layout loaded it: checked on every account navigation, so fresher than the root's. */
export function useAccountUserOrNull(): SessionUser | null {
  const own = useRouteLoaderData(ACCOUNT_LAYOUT) as { user: SessionUser } | undefined;
  const root = useRootData()?.user ?? null;
  return own?.user ?? root;
}

export function useAccountUser(): SessionUser {
  const user = useAccountUserOrNull();
  if (!user) throw new Error('account pages render only with a session (layouts/account.tsx loader)');
  return user;
}
