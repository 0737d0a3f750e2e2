import type { TPageQuery } from '#contract/call.ts';
import type { TBlogger } from '#contract/community-blog.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { bloggerRepo, type BloggerProfile, type BloggerRepo } from './blogger.repo.ts';
import { presentBlogger, NO_AUTHOR, type Author } from './blog.presenter.ts';
import { mustFollowOther } from './blog.policy.ts';
import type { ContentGuard } from './content-guard.ts';
import type { BlogFeed } from './blog-feed.ts';

const RECOMMENDED = 8;
/**
 * How long a name and picture shown beside posts is reused in this process: every list and article shows them, and
 * they rarely change. A blogger's own edit here drops theirs at once; an edit elsewhere shows within this time.
 */
const AUTHOR_TTL_MS = 5_000;

/** Bloggers: profiles, the recommended ones, following and fans. */
export class BloggerService {
  readonly repo: BloggerRepo;
  private readonly users: UserService;
  private readonly messages: MessageService;
  private readonly guard: ContentGuard;
  private readonly feed: BlogFeed;
  private readonly known = new LocalCache<string, Author>({ ttlMs: AUTHOR_TTL_MS, max: 10_000 });
  constructor(p: Platform, users: UserService, messages: MessageService, guard: ContentGuard, feed: BlogFeed) {
    this.repo = bloggerRepo(p.db);
    this.feed = feed;
    this.users = users;
    this.messages = messages;
    this.guard = guard;
  }

  /** How each user appears beside what they wrote: their blogger name and picture, else their account's. */
  async authors(siteId: bigint, ids: bigint[]): Promise<Map<bigint, Author>> {
    const out = new Map<bigint, Author>();
    const missing: bigint[] = [];
    for (const id of new Set(ids)) {
      const hit = this.known.get(`${siteId}:${id}`);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    if (!missing.length) return out;
    const [accounts, bloggers] = await Promise.all([
      this.users.briefs(siteId, missing),
      this.repo.byUsers(siteId, missing),
    ]);
    for (const id of missing) {
      const a = accounts.get(id);
      const b = bloggers.get(id);
      if (!a) continue;
      const author = {
        nickname: b?.nickname || a.nickname || `学员${a.mobile.slice(-4)}`,
        headImgUrl: b?.headImgUrl || a.headImgUrl,
      };
      this.known.set(`${siteId}:${id}`, author);
      out.set(id, author);
    }
    return out;
  }

  /** The user's blogger card; one who never wrote gets their account's name and zero counts. */
  async view(siteId: bigint, userId: bigint, readerId: bigint | null): Promise<TBlogger> {
    const account = (await this.authors(siteId, [userId])).get(userId);
    if (!account) throw fail('博主不存在或已停用');
    const row = await this.repo.byUser(siteId, userId);
    const isFollow = readerId !== null && (await this.repo.follows(siteId, readerId, [userId])).has(userId);
    return presentBlogger(userId, row, account, isFollow);
  }

  async save(siteId: bigint, userId: bigint, profile: BloggerProfile): Promise<TBlogger> {
    await this.guard.checkWords(siteId, [
      { label: '博主昵称', text: profile.nickname },
      { label: '博主简介', text: profile.introduce },
    ]);
    await this.repo.save(siteId, userId, profile);
    this.known.delete(`${siteId}:${userId}`);
    return this.view(siteId, userId, null);
  }

  /**
   * A blogger row exists before it holds counts: made from the account on the first post or the first fan, its
   * counts read once then (posts written before it) and kept by the database after (decision 61).
   */
  async ensure(siteId: bigint, userId: bigint): Promise<void> {
    const a = await this.users.brief(siteId, userId);
    const made = await this.repo.ensure(siteId, userId, {
      nickname: a.nickname,
      headImgUrl: a.headImgUrl,
      introduce: '',
    });
    if (made) await this.repo.countTotals(siteId, userId);
  }

  async recommended(siteId: bigint, readerId: bigint | null): Promise<TBlogger[]> {
    const rows = await this.repo.recommended(siteId, RECOMMENDED);
    return this.present(
      siteId,
      rows.map((r) => r.userId),
      readerId,
    );
  }

  async follow(siteId: bigint, fanId: bigint, bloggerUserId: bigint, on: boolean) {
    mustFollowOther(fanId, bloggerUserId);
    if (on) await this.ensure(siteId, bloggerUserId);
    const { changed, fansCount } = await this.repo.setFollow(siteId, fanId, bloggerUserId, on);
    // the fan's 关注 tab: the author's latest posts come in with the follow and leave with the unfollow
    if (on) await this.feed.followed(siteId, fanId, bloggerUserId);
    else if (changed) await this.feed.unfollowed(siteId, fanId, bloggerUserId);
    if (changed && on) {
      const fan = (await this.authors(siteId, [fanId])).get(fanId) ?? NO_AUTHOR;
      await this.messages.send(siteId, bloggerUserId, '新粉丝', `${fan.nickname} 关注了你的博客`);
    }
    return { isFollow: on ? 1 : 0, fansCount };
  }

  async followPage(siteId: bigint, userId: bigint, side: 'following' | 'fans', q: TPageQuery): Promise<Page<TBlogger>> {
    const { ids, total } = await this.repo.followPage(siteId, userId, side, q);
    const list = await this.present(siteId, ids, userId);
    return { ...toPage([], total, q, (x) => x), list };
  }

  async adminPage(siteId: bigint, q: TPageQuery & { keyword: string }): Promise<Page<TBlogger>> {
    const { rows, total } = await this.repo.admin(siteId, q);
    const accounts = await this.authors(
      siteId,
      rows.map((r) => r.userId),
    );
    return toPage(rows, total, q, (r) => presentBlogger(r.userId, r, accounts.get(r.userId) ?? NO_AUTHOR, false));
  }

  async recommend(siteId: bigint, userId: bigint, isRecommend: number): Promise<null> {
    if (isRecommend === 1) await this.ensure(siteId, userId);
    if (!(await this.repo.setRecommend(siteId, userId, isRecommend))) throw fail('博主不存在或已停用');
    return null;
  }

  private async present(siteId: bigint, ids: bigint[], readerId: bigint | null): Promise<TBlogger[]> {
    const [accounts, rows, follows] = await Promise.all([
      this.authors(siteId, ids),
      this.repo.byUsers(siteId, ids),
      readerId === null ? Promise.resolve(new Set<bigint>()) : this.repo.follows(siteId, readerId, ids),
    ]);
    return ids.map((id) => presentBlogger(id, rows.get(id), accounts.get(id) ?? NO_AUTHOR, follows.has(id)));
  }
}
