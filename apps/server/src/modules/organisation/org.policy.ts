import { UserType } from '#contract/user.ts';
import { fail } from '../../platform/http/errors.ts';

export const ORG_ONLY_MSG = '机构中心仅对机构账号开放';

/** The organisation centre's calls answer organisation accounts only. */
export function mustBeOrganisation(user: { userType: number }): void {
  if (user.userType !== UserType.ORGANISATION) throw fail(ORG_ONLY_MSG);
}

/** Who an organisation may invite: an active lecturer other than itself. */
export function mayBeInvited(invitee: { userType: number; statusId: number } | undefined): void {
  if (!invitee || invitee.statusId !== 1) throw fail('没有找到该手机号的用户，请核对后再试');
  if (invitee.userType === UserType.ORGANISATION) throw fail('不能邀请机构账号');
  if (invitee.userType !== UserType.LECTURER) throw fail('该用户还不是讲师，请让其先申请成为讲师，审核通过后再邀请');
}
