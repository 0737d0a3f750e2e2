import type { TPageQuery } from '#contract/call.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import { qrcodeDataUrl } from '../../platform/qrcode-image.ts';
import { userRepo, type UserRepo, type UserRow } from './user.repo.ts';
import { presentReferred } from './account.presenter.ts';
import { mayRefer } from './user.policy.ts';

/** Recommenders (isRecommended) share their code and see whom it brought in. */
export class ReferralService {
  private readonly repo: UserRepo;
  constructor(p: Platform) {
    this.repo = userRepo(p.db, p.cache.kv);
  }

  async referred(siteId: bigint, userId: bigint, q: TPageQuery) {
    const me = await this.recommender(siteId, userId);
    const { rows, total } = await this.repo.referredPage(siteId, me.id, q);
    return toPage(rows, total, q, presentReferred);
  }

  async share(siteId: bigint, userId: bigint, origin: string) {
    const me = await this.recommender(siteId, userId);
    const shareUrl = `${origin}/register?referralCode=${encodeURIComponent(me.referralCode)}`;
    return { referralCode: me.referralCode, shareUrl, qrcodeImg: await qrcodeDataUrl(shareUrl) };
  }

  private async recommender(siteId: bigint, userId: bigint): Promise<UserRow> {
    const me = await this.repo.byId(siteId, userId);
    if (!me || me.statusId !== 1) throw fail('账号不存在或已停用');
    mayRefer(me);
    return me;
  }
}
