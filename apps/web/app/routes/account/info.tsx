import { accountView } from '#contract/account.ts';
import type { Route } from './+types/info.ts';
import { Page } from '../../components/page.tsx';
import { BankCard } from '../../features/account/bank-card.tsx';
import { ProfileCard } from '../../features/account/profile-card.tsx';
import { useAccountUser } from '../../features/account/account-user.ts';
import { pageLoad } from '../../lib/session-load.ts';

export async function loader(args: Route.LoaderArgs) {
  return { bank: await pageLoad(args, accountView) };
}

/** /account/info — personal info: nickname, head image, account facts and the payout bank card. */
export default function AccountInfo({ loaderData }: Route.ComponentProps) {
  const user = useAccountUser();
  return (
    <Page title="个人信息">
      <ProfileCard key={user.nickname} user={user} />
      <BankCard bank={loaderData.bank} mobile={user.mobile} />
    </Page>
  );
}
