import type { z } from 'zod';
import type {
  AdvFields,
  BannerFields,
  LinkFields,
  NavArticleFields,
  NavBarFields,
  WebsiteNavFields,
  ZoneFields,
} from '#contract/admin.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseShanghaiTime } from '../../platform/time.ts';
import { memoKey, type SystemService } from './system.service.ts';
import * as present from './system.presenter.ts';

/**
 * Admin editing of one simple list: the fields are mapped to columns, the row is presented, and the public memo
 * of that list is invalidated after every change.
 */
interface ListRepo<Row, Insert> {
  list(siteId: bigint): Promise<Row[]>;
  insert(siteId: bigint, values: Insert): Promise<Row>;
  update(siteId: bigint, id: bigint, values: Insert): Promise<Row | undefined>;
  remove(siteId: bigint, id: bigint): Promise<boolean>;
}

class ListEditor<Row extends { id: bigint }, Insert, F, Out> {
  private readonly p: Platform;
  private readonly repo: ListRepo<Row, Insert>;
  private readonly label: string;
  private readonly keys: Array<(s: bigint) => string>;
  private readonly toColumns: (f: F, siteId: bigint) => Insert | Promise<Insert>;
  private readonly present: (row: Row) => Out;
  /** told of every saved, changed or removed row after the caches: the search index */
  private readonly after: (siteId: bigint, id: bigint) => Promise<void>;
  constructor(
    p: Platform,
    repo: ListRepo<Row, Insert>,
    label: string,
    keys: Array<(s: bigint) => string>,
    toColumns: (f: F, siteId: bigint) => Insert | Promise<Insert>,
    present: (row: Row) => Out,
    after: (siteId: bigint, id: bigint) => Promise<void> = async () => {},
  ) {
    this.after = after;
    this.p = p;
    this.repo = repo;
    this.label = label;
    this.keys = keys;
    this.toColumns = toColumns;
    this.present = present;
  }

  async list(siteId: bigint): Promise<Out[]> {
    return (await this.repo.list(siteId)).map(this.present);
  }
  async save(siteId: bigint, fields: F): Promise<Out> {
    const row = await this.repo.insert(siteId, await this.toColumns(fields, siteId));
    await this.changed(siteId);
    await this.after(siteId, row.id);
    return this.present(row);
  }
  async update(siteId: bigint, id: string, fields: F): Promise<Out> {
    const row = await this.repo.update(siteId, BigInt(id), await this.toColumns(fields, siteId));
    if (!row) throw notFound(this.label);
    await this.changed(siteId);
    await this.after(siteId, row.id);
    return this.present(row);
  }
  async remove(siteId: bigint, id: string): Promise<null> {
    if (!(await this.repo.remove(siteId, BigInt(id)))) throw notFound(this.label);
    await this.changed(siteId);
    await this.after(siteId, BigInt(id));
    return null;
  }
  private async changed(siteId: bigint): Promise<void> {
    for (const key of this.keys) await this.p.cache.memo.invalidate(key(siteId));
  }
}

type Fields<S extends z.ZodType> = z.output<S>;

function window(begin: string, end: string) {
  const beginTime = parseShanghaiTime(begin);
  const endTime = parseShanghaiTime(end);
  if (beginTime && endTime && endTime <= beginTime) throw fail('结束时间必须晚于开始时间');
  return { beginTime, endTime };
}

/** What the /admin area edits of a site's public face. */
export class SystemAdminService {
  readonly navBar;
  readonly websiteNav;
  readonly article;
  readonly link;
  readonly adv;
  readonly banner;
  readonly zone;
  private readonly system: SystemService;

  /** `infoChanged` re-reads information articles into the search index (type 8) */
  constructor(p: Platform, system: SystemService, infoChanged: (siteId: bigint, ids: bigint[]) => Promise<void>) {
    this.system = system;
    const r = system.repo;
    this.navBar = new ListEditor(
      p,
      r.navBar,
      '导航',
      [memoKey.navBar],
      (f: Fields<typeof NavBarFields>) => f,
      present.presentNavBarAdmin,
    );
    this.websiteNav = new ListEditor(
      p,
      r.websiteNav,
      '底部导航',
      [memoKey.websiteNav],
      (f: Fields<typeof WebsiteNavFields>) => f,
      present.presentWebsiteNavAdmin,
      // a group shown in the information centre or not decides whether its articles are found
      async (siteId, navId) =>
        infoChanged(
          siteId,
          (await r.article.list(siteId)).filter((a) => a.navId === navId).map((a) => a.id),
        ),
    );
    this.article = new ListEditor(
      p,
      r.article,
      '文章',
      [memoKey.websiteNav],
      async (f: Fields<typeof NavArticleFields>, siteId) => {
        if (!(await r.websiteNav.get(siteId, BigInt(f.navId)))) throw fail('所属底部导航不存在，请先创建导航');
        return { ...f, navId: BigInt(f.navId) };
      },
      present.presentArticleAdmin,
      (siteId, id) => infoChanged(siteId, [id]),
    );
    this.link = new ListEditor(
      p,
      r.link,
      '友情链接',
      [memoKey.links],
      (f: Fields<typeof LinkFields>) => f,
      present.presentLinkAdmin,
    );
    this.adv = new ListEditor(
      p,
      r.adv,
      '广告',
      [memoKey.advs],
      ({ beginTime, endTime, ...f }: Fields<typeof AdvFields>) => ({ ...f, ...window(beginTime, endTime) }),
      present.presentAdvAdmin,
    );
    this.banner = new ListEditor(
      p,
      r.banner,
      '轮播图',
      [memoKey.banners],
      ({ group, data, ...f }: Fields<typeof BannerFields>) => ({
        ...f,
        bannerGroup: group,
        data: JSON.stringify(data),
      }),
      present.presentBannerAdmin,
    );
    this.zone = new ListEditor(
      p,
      r.zone,
      '专区',
      [memoKey.zones],
      (f: Fields<typeof ZoneFields>) => f,
      present.presentZoneAdmin,
    );
  }

  websiteView(siteId: bigint) {
    return this.system.webInfo(siteId);
  }
}
