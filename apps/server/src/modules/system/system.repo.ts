import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { siteListRepo } from '../../platform/db/site-list.ts';
import {
  adv,
  dict,
  navBar,
  site,
  sysBanner,
  website,
  websiteLink,
  websiteNav,
  websiteNavArticle,
  zone,
} from '../../db/schema/system.ts';

export type WebsiteRow = typeof website.$inferSelect;

/** How much of an article body a list reads: enough for its summary, never a whole long body. */
const SUMMARY_SOURCE_CHARS = 4000;

/** An enabled article of an enabled nav group of the site that is not kept to the footer: what the information centre shows. */
const inInfo = (siteId: bigint) =>
  and(
    eq(websiteNavArticle.siteId, siteId),
    eq(websiteNavArticle.statusId, 1),
    eq(websiteNav.statusId, 1),
    eq(websiteNav.infoShow, 1),
  );
const navOfArticle = and(eq(websiteNav.id, websiteNavArticle.navId), eq(websiteNav.siteId, websiteNavArticle.siteId));
export type WebsiteUpdate = Omit<typeof website.$inferInsert, 'id' | 'siteId'>;

export function systemRepo(db: Db) {
  return {
    navBar: siteListRepo(db, navBar),
    websiteNav: siteListRepo(db, websiteNav),
    article: siteListRepo(db, websiteNavArticle),
    link: siteListRepo(db, websiteLink),
    adv: siteListRepo(db, adv),
    banner: siteListRepo(db, sysBanner),
    zone: siteListRepo(db, zone),

    async website(siteId: bigint): Promise<WebsiteRow | undefined> {
      const [row] = await db.select().from(website).where(eq(website.siteId, siteId)).limit(1);
      return row;
    },
    async updateWebsite(siteId: bigint, values: Partial<WebsiteUpdate>): Promise<WebsiteRow | undefined> {
      const [row] = await db
        .update(website)
        .set({ ...values, gmtModified: new Date() })
        .where(eq(website.siteId, siteId))
        .returning();
      if (values.siteNamePc) await db.update(site).set({ siteName: values.siteNamePc }).where(eq(site.id, siteId));
      return row;
    },
    async articlesOfNavs(siteId: bigint, navIds: bigint[]) {
      if (navIds.length === 0) return [];
      return db
        .select({
          id: websiteNavArticle.id,
          navId: websiteNavArticle.navId,
          artTitle: websiteNavArticle.artTitle,
          sort: websiteNavArticle.sort,
        })
        .from(websiteNavArticle)
        .where(
          and(
            eq(websiteNavArticle.siteId, siteId),
            inArray(websiteNavArticle.navId, navIds),
            eq(websiteNavArticle.statusId, 1),
          ),
        )
        .orderBy(websiteNavArticle.sort, websiteNavArticle.id);
    },
    /**
     * Enabled nav groups shown in the information centre, with their count of enabled articles; groups without any
     * are left out by the join.
     */
    async infoCategories(siteId: bigint) {
      return db
        .select({ id: websiteNav.id, navName: websiteNav.navName, articleCount: count(websiteNavArticle.id) })
        .from(websiteNav)
        .innerJoin(websiteNavArticle, navOfArticle)
        .where(and(eq(websiteNav.siteId, siteId), inInfo(siteId)))
        .groupBy(websiteNav.id, websiteNav.navName, websiteNav.sort)
        .orderBy(asc(websiteNav.sort), asc(websiteNav.id));
    },
    async infoArticles(siteId: bigint, navId: bigint | undefined, q: TPageQuery) {
      const where: SQL | undefined = and(
        inInfo(siteId),
        navId === undefined ? undefined : eq(websiteNavArticle.navId, navId),
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: websiteNavArticle.id,
            navId: websiteNavArticle.navId,
            navName: websiteNav.navName,
            artTitle: websiteNavArticle.artTitle,
            artPic: websiteNavArticle.artPic,
            artDescHead: sql<string>`left(${websiteNavArticle.artDesc}, ${SUMMARY_SOURCE_CHARS})`,
            gmtModified: websiteNavArticle.gmtModified,
          })
          .from(websiteNavArticle)
          .innerJoin(websiteNav, navOfArticle)
          .where(where)
          .orderBy(desc(websiteNavArticle.gmtModified), desc(websiteNavArticle.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(websiteNavArticle).innerJoin(websiteNav, navOfArticle).where(where),
      ]);
      return { rows, total: total!.n };
    },
    async dictOf(siteId: bigint, dictType: string) {
      return db
        .select({ dictKey: dict.dictKey, dictValue: dict.dictValue })
        .from(dict)
        .where(and(eq(dict.siteId, siteId), eq(dict.dictType, dictType), eq(dict.statusId, 1)))
        .orderBy(dict.sort, dict.dictKey);
    },
  };
}
export type SystemRepo = ReturnType<typeof systemRepo>;
export type InfoArticleRow = Awaited<ReturnType<SystemRepo['infoArticles']>>['rows'][number];
