import { eq } from 'drizzle-orm';
import type {
  TAdv,
  TNavArticle,
  TNavBarItem,
  TSysBanner,
  TWebInfo,
  TWebsiteLink,
  TWebsiteNav,
  TZone,
} from '#contract/system.ts';
import type { TInfoArticleQuery, TInfoCategory } from '#contract/website-info.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { websiteNavArticle } from '../../db/schema/system.ts';
import { systemRepo, type SystemRepo, type WebsiteUpdate } from './system.repo.ts';
import {
  presentAdv,
  presentArticle,
  presentBanner,
  presentInfoArticle,
  presentInfoCategory,
  presentLink,
  presentNavBar,
  presentWebInfo,
  presentZone,
} from './system.presenter.ts';

/** Keys of the per-site memo; every admin edit of a resource invalidates its key, so the change shows at once. */
export const memoKey = {
  web: (s: bigint) => `web:${s}`,
  navBar: (s: bigint) => `navbar:${s}`,
  websiteNav: (s: bigint) => `websitenav:${s}`,
  links: (s: bigint) => `links:${s}`,
  advs: (s: bigint) => `advs:${s}`,
  banners: (s: bigint) => `banners:${s}`,
  zones: (s: bigint) => `zones:${s}`,
};

interface AdvWindow extends TAdv {
  platShow: number;
  begin: number | null;
  end: number | null;
}

/** The public face of a site: site info, navigation, links, ads, banners, zones and dictionaries. */
export class SystemService {
  readonly repo: SystemRepo;
  private readonly p: Platform;
  private readonly navsShown = new WeakMap<object, Map<number | undefined, TWebsiteNav[]>>();
  constructor(p: Platform) {
    this.p = p;
    this.repo = systemRepo(p.db);
  }

  webInfo(siteId: bigint): Promise<TWebInfo> {
    return this.p.cache.memo.get(memoKey.web(siteId), async () => {
      const row = await this.repo.website(siteId);
      if (!row) throw fail('站点信息尚未设置');
      return presentWebInfo(row);
    });
  }

  async updateWebInfo(siteId: bigint, values: Partial<WebsiteUpdate>): Promise<TWebInfo> {
    const row = await this.repo.updateWebsite(siteId, values);
    if (!row) throw fail('站点信息尚未设置');
    await this.p.cache.memo.invalidate(memoKey.web(siteId));
    return presentWebInfo(row);
  }

  navBar(siteId: bigint): Promise<TNavBarItem[]> {
    return this.p.cache.memo.get(memoKey.navBar(siteId), async () =>
      (await this.repo.navBar.list(siteId, { enabledOnly: true })).map(presentNavBar),
    );
  }

  /** Footer navigation groups with the titles of their articles; platShow filters the about list. */
  async websiteNavs(siteId: bigint, platShow?: number): Promise<TWebsiteNav[]> {
    const all = await this.p.cache.memo.get(memoKey.websiteNav(siteId), async () => {
      const navs = await this.repo.websiteNav.list(siteId, { enabledOnly: true });
      const articles = await this.repo.articlesOfNavs(
        siteId,
        navs.map((n) => n.id),
      );
      return navs.map((n) => ({
        id: String(n.id),
        navName: n.navName,
        platShow: n.platShow,
        infoShow: n.infoShow,
        articleList: articles.filter((a) => a.navId === n.id).map((a) => ({ id: String(a.id), artTitle: a.artTitle })),
      }));
    });
    // one list for one memo and platShow: a page's chrome is made once while its parts are the same objects
    let shown = this.navsShown.get(all);
    if (!shown) this.navsShown.set(all, (shown = new Map()));
    let list = shown.get(platShow);
    if (!list) {
      list = all.filter((n) => platShow === undefined || n.platShow === platShow).map(({ platShow: _p, ...n }) => n);
      shown.set(platShow, list);
    }
    return list;
  }

  async article(siteId: bigint, by: { id?: string; navId?: string }): Promise<TNavArticle> {
    const row = by.id
      ? await this.repo.article.get(siteId, BigInt(by.id))
      : (
          await this.repo.article.list(siteId, {
            enabledOnly: true,
            where: eq(websiteNavArticle.navId, BigInt(by.navId!)),
          })
        )[0];
    if (!row || row.statusId !== 1) throw notFound('文章');
    const nav = await this.repo.websiteNav.get(siteId, row.navId);
    return presentArticle(row, nav?.navName ?? '');
  }

  /**
   * The information centre's categories. Read straight from the database (no memo): the counts would need
   * invalidating on every article edit, and the pages that show them are already cached for visitors.
   */
  async infoCategories(siteId: bigint): Promise<TInfoCategory[]> {
    return (await this.repo.infoCategories(siteId)).map(presentInfoCategory);
  }

  /**
   * Published articles, the latest edited first; a category that does not exist, is disabled or is kept out of the
   * centre (footer only) is refused.
   */
  async infoArticles(siteId: bigint, q: TInfoArticleQuery) {
    const navId = q.navId === undefined ? undefined : BigInt(q.navId);
    if (navId !== undefined) {
      const nav = await this.repo.websiteNav.get(siteId, navId);
      if (!nav || nav.statusId !== 1 || nav.infoShow !== 1) throw fail('资讯分类不存在');
    }
    const { rows, total } = await this.repo.infoArticles(siteId, navId, q);
    return toPage(rows, total, q, presentInfoArticle);
  }

  links(siteId: bigint): Promise<TWebsiteLink[]> {
    return this.p.cache.memo.get(memoKey.links(siteId), async () =>
      (await this.repo.link.list(siteId, { enabledOnly: true })).map(presentLink),
    );
  }

  /** Ads running now: the memo keeps their windows, so one that starts or ends needs no edit to show or hide. */
  async advs(siteId: bigint, platShow: number, now = Date.now()): Promise<TAdv[]> {
    const all: AdvWindow[] = await this.p.cache.memo.get(memoKey.advs(siteId), async () =>
      (await this.repo.adv.list(siteId, { enabledOnly: true })).map((r) => ({
        ...presentAdv(r),
        platShow: r.platShow,
        begin: r.beginTime?.getTime() ?? null,
        end: r.endTime?.getTime() ?? null,
      })),
    );
    return all
      .filter((a) => a.platShow === platShow && (a.begin === null || a.begin <= now) && (a.end === null || a.end > now))
      .map(({ platShow: _p, begin: _b, end: _e, ...a }) => a);
  }

  async banners(siteId: bigint, group: string): Promise<TSysBanner[]> {
    const all = await this.p.cache.memo.get(memoKey.banners(siteId), async () =>
      (await this.repo.banner.list(siteId, { enabledOnly: true })).map(presentBanner),
    );
    return all.filter((b) => b.group === group);
  }

  async zones(siteId: bigint, zoneLocation: number): Promise<TZone[]> {
    const all = await this.p.cache.memo.get(memoKey.zones(siteId), async () =>
      (await this.repo.zone.list(siteId, { enabledOnly: true })).map(presentZone),
    );
    return all.filter((z) => z.zoneLocation === zoneLocation);
  }

  dict(siteId: bigint, dictType: string) {
    return this.repo.dictOf(siteId, dictType);
  }
}
