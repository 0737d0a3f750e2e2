import type { TUserAdmin } from '#contract/user-admin.ts';
import type { TPageQuery } from '#contract/call.ts';
import type { UserType } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Sessions } from '../../platform/http/session.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import type { DayRange } from '../../platform/day-range.ts';
import { userRepo, type UserRepo, type UserRow } from './user.repo.ts';
import { isVip } from './user.presenter.ts';

const present = (u: UserRow, referrerMobile: string): TUserAdmin => ({
  id: String(u.id),
  mobile: u.mobile,
  nickname: u.nickname,
  headImgUrl: u.headImgUrl,
  userType: u.userType,
  isVip: isVip(u) ? 1 : 0,
  isRecommended: u.isRecommended,
  statusId: u.statusId,
  referrerMobile,
  gmtCreate: formatTime(u.gmtCreate),
});

/** An administrator's switch of an account's status or type, as another domain follows it. */
export interface AccountSwitch {
  siteId: bigint;
  userId: bigint;
  statusId: number;
  userType: number;
  /** which of the two the administrator switched */
  switched: 'statusId' | 'userType';
}

/**
 * The administrator's user list and switches. Domains that follow an account's switches subscribe with
 * `onAccountSwitch` (the lecturer's public page is listed only while the user is enabled and of type lecturer);
 * the switch answers after every follower has.
 */
export class UserAdminService {
  private readonly repo: UserRepo;
  private readonly sessions: Sessions;
  private readonly followers: ((s: AccountSwitch) => Promise<void>)[] = [];
  constructor(p: Platform, sessions: Sessions) {
    this.repo = userRepo(p.db, p.cache.kv);
    this.sessions = sessions;
  }

  onAccountSwitch(follower: (s: AccountSwitch) => Promise<void>): void {
    this.followers.push(follower);
  }

  private async switched(siteId: bigint, row: UserRow, switched: AccountSwitch['switched']): Promise<void> {
    const s = { siteId, userId: row.id, statusId: row.statusId, userType: row.userType, switched };
    for (const follow of this.followers) await follow(s);
  }

  async page(
    siteId: bigint,
    q: TPageQuery & { mobile: string; nickname: string; userType?: number; statusId?: number },
  ): Promise<Page<TUserAdmin>> {
    const { rows, total } = await this.repo.adminPage(siteId, q);
    const referrers = await this.repo.byIds(
      siteId,
      rows.flatMap((r) => (r.referrerId ? [r.referrerId] : [])),
    );
    const mobiles = new Map(referrers.map((r) => [r.id, r.mobile]));
    return toPage(rows, total, q, (u) => present(u, u.referrerId ? (mobiles.get(u.referrerId) ?? '') : ''));
  }

  /** New users per day of the range, in order. */
  async joinedByDay(siteId: bigint, range: DayRange): Promise<number[]> {
    const joined = await this.repo.joinedByDay(siteId, range.from, range.to);
    return range.days.map((d) => joined.get(d) ?? 0);
  }

  async setStatus(siteId: bigint, id: string, statusId: 0 | 1): Promise<TUserAdmin> {
    const row = await this.change(siteId, id, { statusId });
    if (statusId === 0) await this.sessions.endAll(siteId, 'user', row.id);
    await this.switched(siteId, row, 'statusId');
    return this.one(row);
  }

  async setType(siteId: bigint, id: string, userType: UserType): Promise<TUserAdmin> {
    const row = await this.change(siteId, id, { userType });
    await this.switched(siteId, row, 'userType');
    return this.one(row);
  }

  async setRecommended(siteId: bigint, id: string, isRecommended: 0 | 1): Promise<TUserAdmin> {
    return this.one(await this.change(siteId, id, { isRecommended }));
  }

  private async change(
    siteId: bigint,
    id: string,
    values: Partial<Pick<UserRow, 'statusId' | 'userType' | 'isRecommended'>>,
  ): Promise<UserRow> {
    const row = await this.repo.update(siteId, BigInt(id), values);
    if (!row) throw notFound('用户');
    return row;
  }

  private async one(u: UserRow): Promise<TUserAdmin> {
    const referrer = u.referrerId ? await this.repo.byId(u.siteId, u.referrerId) : undefined;
    return present(u, referrer?.mobile ?? '');
  }
}
