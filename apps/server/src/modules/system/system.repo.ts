import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { siteListRepo } from '../../platform/db/site-list.ts';
import { adv, dict, navBar, site, sysBanner, website, websiteLink, websiteNav, websiteNavArticle, zone } from '../../db/schema/system.ts';

export type WebsiteRow = typeof website.$inferSelect;
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
        .select({ id: websiteNavArticle.id, navId: websiteNavArticle.navId, artTitle: websiteNavArticle.artTitle, sort: websiteNavArticle.sort })
        .from(websiteNavArticle)
        .where(and(eq(websiteNavArticle.siteId, siteId), inArray(websiteNavArticle.navId, navIds), eq(websiteNavArticle.statusId, 1)))
        .orderBy(websiteNavArticle.sort, websiteNavArticle.id);
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
