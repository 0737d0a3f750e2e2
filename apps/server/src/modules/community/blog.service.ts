import type { TPageQuery } from '#contract/call.ts';
import type { TBlogItem, TBlogListQuery, TBlogView } from '#contract/community-blog.ts';
import { SearchType } from '#contract/search.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import type { SystemService } from '../system/system.service.ts';
import { blogRepo, type BlogBrief, type BlogListRow, type BlogRepo, type BlogRow } from './blog.repo.ts';
import { presentBlogItem, presentBlogView, presentNewsItem } from './blog.presenter.ts';
import { mayRead, mustBeAuthor } from './blog.policy.ts';
import { BlogViewCounter } from './blog-view-counter.ts';
import { summaryOf } from './blog-summary.ts';
import { blogViewCountRepo, type BlogViewCountRepo } from './blog-view-count.repo.ts';
import { registerViewFold } from './blog-view-fold.ts';
import type { BlogFeed } from './blog-feed.ts';
import type { BloggerService } from './blogger.service.ts';
import type { ContentGuard } from './content-guard.ts';
import type { ContentSearch } from './community-search.source.ts';

export interface BlogInput {
  title: string;
  summary: string;
  artPic: string;
  content: string;
  tags: string[];
  isPublish: number;
}

/**
 * How long a public list page is served again in this process: a write here drops them at once, another
 * process's write shows within this time.
 */
const LIST_TTL_MS = 5_000;
const LIST_CACHE_SIZE = 500;

/** Blog posts: writing drafts and publishing, the feed's tabs, reading (with view counts), likes and collections. */
export class BlogService {
  readonly repo: BlogRepo;
  readonly views: BlogViewCounter;
  readonly viewCounts: BlogViewCountRepo;
  private readonly bloggers: BloggerService;
  private readonly system: SystemService;
  private readonly guard: ContentGuard;
  /** The public tabs and searches, the same for every reader. */
  private readonly lists = new LocalCache<string, Promise<Page<TBlogItem>>>({
    ttlMs: LIST_TTL_MS,
    max: LIST_CACHE_SIZE,
  });
  /** Totals of the public feeds, by filter: shared by every page of one tab. */
  private readonly counts = new LocalCache<string, Promise<number>>({ ttlMs: LIST_TTL_MS, max: LIST_CACHE_SIZE });
  private readonly index: ContentSearch;
  private readonly feed: BlogFeed;
  constructor(
    p: Platform,
    bloggers: BloggerService,
    system: SystemService,
    guard: ContentGuard,
    search: ContentSearch,
    feed: BlogFeed,
  ) {
    this.index = search;
    this.feed = feed;
    this.repo = blogRepo(p.db, (key, count) => this.counts.load(key, count));
    this.bloggers = bloggers;
    this.system = system;
    this.guard = guard;
    this.viewCounts = blogViewCountRepo(p.db);
    this.views = new BlogViewCounter((items) => this.viewCounts.add(items));
    registerViewFold(p, this.viewCounts);
  }

  async list(siteId: bigint, readerId: bigint | null, q: TBlogListQuery): Promise<Page<TBlogItem>> {
    if (q.articleType === 2) {
      // news are the information centre's articles: one feed (decision 22)
      const page = await this.system.infoArticles(siteId, { pageCurrent: q.pageCurrent, pageSize: q.pageSize });
      return { ...page, list: page.list.map(presentNewsItem) };
    }
    if (q.tab === 2) {
      if (readerId === null) throw fail('登录后才能看到关注的博主的博客');
      const { ids, total } = await this.feed.page(siteId, readerId, q, (key, count) => this.counts.load(key, count));
      return this.items(siteId, q, { rows: await this.repo.listed(siteId, ids), total });
    }
    return this.lists.load(`list:${siteId}:${JSON.stringify(q)}`, async () => {
      const found =
        q.tab === 3
          ? await this.repo.hot(siteId, q, q.tagName)
          : await this.repo.latest(siteId, q, q.tagName, q.userId === undefined ? undefined : BigInt(q.userId));
      return this.items(siteId, q, found);
    });
  }

  /** The article zones of the home page are the information centre's categories (decision 22). */
  async newsZones(siteId: bigint) {
    return (await this.system.infoCategories(siteId)).map((c) => ({
      id: c.id,
      zoneName: c.navName,
      articleCount: c.articleCount,
    }));
  }

  async news(siteId: bigint, q: TPageQuery & { zoneId?: string }): Promise<Page<TBlogItem>> {
    const page = await this.system.infoArticles(siteId, {
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      ...(q.zoneId && { navId: q.zoneId }),
    });
    return { ...page, list: page.list.map(presentNewsItem) };
  }

  async search(siteId: bigint, q: TPageQuery & { keyword: string }): Promise<Page<TBlogItem>> {
    return this.lists.load(`search:${siteId}:${JSON.stringify(q)}`, async () => {
      const found = await this.index.ids(siteId, SearchType.BLOG, q.keyword, q);
      return this.items(siteId, q, {
        rows: await this.repo.readableByIds(siteId, found.list),
        total: found.totalCount,
      });
    });
  }

  async recommended(siteId: bigint, size: number): Promise<TBlogItem[]> {
    const rows = await this.repo.recommended(siteId, size);
    return (await this.items(siteId, { pageCurrent: 1, pageSize: size }, { rows, total: rows.length })).list;
  }

  async mine(siteId: bigint, userId: bigint, q: TPageQuery & { isPublish?: number }): Promise<Page<TBlogItem>> {
    return this.items(siteId, q, await this.repo.mine(siteId, userId, q, q.isPublish));
  }

  async collected(siteId: bigint, userId: bigint, q: TPageQuery): Promise<Page<TBlogItem>> {
    return this.items(siteId, q, await this.repo.collected(siteId, userId, q));
  }

  async adminPage(siteId: bigint, q: TPageQuery & { keyword: string; isHidden?: number }) {
    return this.items(siteId, q, await this.repo.admin(siteId, q));
  }

  /**
   * Reading a post counts a view, answered once the view is stored, with the count kept apart from the post's row
   * (which the lists read, up to a minute behind). A draft or a hidden post is its author's.
   */
  async view(siteId: bigint, id: string, readerId: bigint | null): Promise<TBlogView> {
    const row = await this.repo.shown(siteId, BigInt(id));
    if (!row || !mayRead(row, readerId)) throw notFound('博客');
    if (row.isPublish !== 1) return this.present(siteId, row, readerId);
    // the row is shared with other readers: the count goes on a copy
    const viewCount = (await this.views.view(siteId, row.id)) ?? row.viewCount;
    return this.present(siteId, { ...row, viewCount }, readerId);
  }

  async save(siteId: bigint, userId: bigint, input: BlogInput): Promise<TBlogView> {
    const values = await this.checked(siteId, input);
    await this.guard.takePostingSlot(siteId, userId, 'blog');
    const row = await this.repo.insert(siteId, userId, values);
    if (row.isPublish === 1) {
      await this.refreshAuthor(siteId, userId);
      await this.feed.published(siteId, row.id);
    }
    await this.index.changed(siteId, row.id);
    return this.present(siteId, row, userId);
  }

  async update(siteId: bigint, userId: bigint, id: string, input: BlogInput): Promise<TBlogView> {
    const old = await this.repo.byId(siteId, BigInt(id));
    if (!old) throw notFound('博客');
    mustBeAuthor(old, userId);
    if (old.isPublish === 1 && input.isPublish === 0) throw fail('已发布的博客不能改回草稿');
    const values = await this.checked(siteId, input);
    const publishNow = old.isPublish === 0 && values.isPublish === 1;
    // publishing a draft is new writing for the posting limit; saving a draft again is not
    if (publishNow) await this.guard.takePostingSlot(siteId, userId, 'blog');
    const row = await this.repo.update(siteId, old.id, values, publishNow);
    if (publishNow) {
      await this.refreshAuthor(siteId, userId);
      await this.feed.published(siteId, row.id);
    } else this.forgetLists();
    await this.index.changed(siteId, row.id);
    return this.present(siteId, row, userId);
  }

  async remove(siteId: bigint, userId: bigint, id: string): Promise<null> {
    const row = await this.repo.byId(siteId, BigInt(id));
    if (!row) throw notFound('博客');
    mustBeAuthor(row, userId);
    await this.feed.removed(siteId, row.id);
    await this.repo.remove(siteId, row.id);
    await this.refreshAuthor(siteId, row.userId);
    await this.index.changed(siteId, row.id);
    return null;
  }

  /** Sets (or clears) a like or a collection; repeating one changes nothing. */
  async record(siteId: bigint, userId: bigint, blogId: string, recordType: number, on: boolean) {
    const row = await this.readable(siteId, blogId);
    const changed = await this.repo.setRecord(siteId, userId, row.id, recordType, on);
    if (changed && recordType === 1) await this.refreshAuthor(siteId, row.userId);
    return this.recordState(siteId, userId, row.id);
  }

  async stand(siteId: bigint, userId: bigint, blogId: string) {
    const row = await this.readable(siteId, blogId);
    const liked = (await this.repo.records(siteId, userId, row.id)).has(1);
    return this.record(siteId, userId, blogId, 1, !liked);
  }

  async adminFlags(siteId: bigint, id: string, flags: { isHidden?: number; isRecommend?: number }): Promise<null> {
    const row = await this.repo.byId(siteId, BigInt(id));
    if (!row) throw notFound('博客');
    if (flags.isRecommend === 1 && (row.isPublish !== 1 || row.isHidden === 1)) {
      throw fail('只能推荐已发布且未隐藏的博客');
    }
    await this.repo.setFlags(siteId, row.id, flags);
    if (flags.isHidden !== undefined) {
      await this.refreshAuthor(siteId, row.userId);
      if (flags.isHidden === 1) await this.feed.removed(siteId, row.id);
      else if (row.isPublish === 1) await this.feed.published(siteId, row.id);
    } else this.forgetLists();
    await this.index.changed(siteId, row.id);
    return null;
  }

  async adminRemove(siteId: bigint, id: string): Promise<null> {
    const row = await this.repo.byId(siteId, BigInt(id));
    if (!row) throw notFound('博客');
    await this.feed.removed(siteId, row.id);
    await this.repo.remove(siteId, row.id);
    await this.refreshAuthor(siteId, row.userId);
    await this.index.changed(siteId, row.id);
    return null;
  }

  /** A post the user may act on: published and visible (their own drafts are not liked or collected). */
  async readable(siteId: bigint, id: string | bigint): Promise<BlogBrief> {
    const row = await this.repo.brief(siteId, BigInt(id));
    if (!row || row.isPublish !== 1 || row.isHidden !== 0) throw notFound('博客');
    return row;
  }

  /**
   * A post was published, liked, hidden or deleted: this process's lists follow, and the author has a blogger row,
   * whose counts the database keeps in the change's own transaction (decision 61).
   */
  async refreshAuthor(siteId: bigint, userId: bigint): Promise<void> {
    this.forgetLists();
    await this.bloggers.ensure(siteId, userId);
  }

  private forgetLists(): void {
    this.lists.clear();
    this.counts.clear();
  }

  private async recordState(siteId: bigint, userId: bigint, blogId: bigint) {
    const [mine, row] = await Promise.all([this.repo.records(siteId, userId, blogId), this.repo.byId(siteId, blogId)]);
    return {
      isLike: mine.has(1) ? 1 : 0,
      isCollect: mine.has(2) ? 1 : 0,
      likeCount: row?.likeCount ?? 0,
      collectionCount: row?.collectionCount ?? 0,
    };
  }

  private async checked(siteId: bigint, input: BlogInput) {
    if (input.isPublish === 1 && !summaryOf(input.content) && !/<img\s/i.test(input.content)) {
      throw fail('请填写正文后再发布');
    }
    await this.guard.checkWords(siteId, [
      { label: '标题', text: input.title },
      { label: '摘要', text: input.summary },
      { label: '正文', text: input.content },
      { label: '标签', text: input.tags.join(' ') },
    ]);
    return {
      title: input.title,
      summary: input.summary || summaryOf(input.content),
      artPic: input.artPic,
      content: input.content,
      tags: input.tags.join(','),
      isPublish: input.isPublish,
    };
  }

  private async present(siteId: bigint, row: BlogRow, readerId: bigint | null): Promise<TBlogView> {
    const author = (await this.bloggers.authors(siteId, [row.userId])).get(row.userId);
    let isLike = false;
    let isCollect = false;
    let isFollow = false;
    if (readerId !== null) {
      const [mine, follows] = await Promise.all([
        this.repo.records(siteId, readerId, row.id),
        this.bloggers.repo.follows(siteId, readerId, [row.userId]),
      ]);
      isLike = mine.has(1);
      isCollect = mine.has(2);
      isFollow = follows.has(row.userId);
    }
    return presentBlogView(row, author ?? { nickname: '', headImgUrl: '' }, {
      isLike,
      isCollect,
      isFollow,
      canEdit: readerId === row.userId,
    });
  }

  private async items(
    siteId: bigint,
    q: TPageQuery,
    found: { rows: BlogListRow[]; total: number },
  ): Promise<Page<TBlogItem>> {
    const authors = await this.bloggers.authors(
      siteId,
      found.rows.map((r) => r.userId),
    );
    return toPage(found.rows, found.total, q, (r) => presentBlogItem(r, authors.get(r.userId)));
  }
}
