import { UserType } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/password.ts';
import { user } from '../schema/user.ts';
import { adminUser } from '../schema/platform.ts';
import type { Seeder } from './seed.ts';

/** The fixed demo accounts listed in the README; the start log warns that they are demo credentials. */
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_ACCOUNTS = [
  { mobile: '13800000001', nickname: '学员小青', userType: UserType.NORMAL, role: '学员' },
  { mobile: '13800000002', nickname: '王老师', userType: UserType.LECTURER, role: '讲师' },
  { mobile: '13800000003', nickname: '青课教育机构', userType: UserType.ORGANISATION, role: '机构' },
] as const;
export const DEMO_ADMIN = { loginName: 'admin', role: '平台管理员' } as const;

export const accountsSeeder: Seeder = {
  name: 'accounts.demo',
  async run(p: Platform, { siteId }) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await p.db
      .insert(user)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          id: newId(),
          siteId,
          mobile: a.mobile,
          passwordHash,
          nickname: a.nickname,
          userType: a.userType,
          isRecommended: i === 0 ? 1 : 0,
          referralCode: `DEMO${i + 1}`,
        })),
      )
      .onConflictDoNothing();
    await p.db
      .insert(adminUser)
      .values({ id: newId(), siteId, loginName: DEMO_ADMIN.loginName, realName: '平台管理员', passwordHash })
      .onConflictDoNothing();
  },
};
