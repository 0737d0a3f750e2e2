import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { SearchType } from '#contract/search.ts';
import type { Db } from '../../platform/db/client.ts';
import { websiteNav, websiteNavArticle } from '../../db/schema/system.ts';
import type { Indexer, SearchSource } from '../search/index.ts';
import { plainText } from '../../platform/plain-text.ts';

/**
 * Information articles (type 8): enabled articles of enabled groups shown in the information centre (/info),
 * found by title, group name and text; a footer-only article (help, agreements) is not.
 */
function infoSource(db: Db): SearchSource {
  const rows = (siteId: bigint, cond: SQL, limit: number) =>
    db
      .select({
        id: websiteNavArticle.id,
        title: websiteNavArticle.artTitle,
        pic: websiteNavArticle.artPic,
        body: websiteNavArticle.artDesc,
        navId: websiteNav.id,
        navName: websiteNav.navName,
      })
      .from(websiteNavArticle)
      .innerJoin(
        websiteNav,
        and(eq(websiteNav.id, websiteNavArticle.navId), eq(websiteNav.siteId, websiteNavArticle.siteId)),
      )
      .where(
        and(
          eq(websiteNavArticle.siteId, siteId),
          eq(websiteNavArticle.statusId, 1),
          eq(websiteNav.statusId, 1),
          eq(websiteNav.infoShow, 1),
          cond,
        ),
      )
      .orderBy(asc(websiteNavArticle.id))
      .limit(limit);
  const docs = (list: Awaited<ReturnType<typeof rows>>) =>
    list.map((r) => {
      const text = plainText(r.body, 2000);
      return {
        refId: r.id,
        title: r.title,
        summary: text.slice(0, 300),
        byName: '',
        extra: `${r.navName} ${text}`,
        pic: r.pic,
        categoryIds: [r.navId],
        price: 0,
        popularity: 0,
      };
    });
  return {
    async load(siteId, refIds) {
      return docs(await rows(siteId, inArray(websiteNavArticle.id, refIds), refIds.length));
    },
    async scan(siteId, afterId, limit) {
      return docs(await rows(siteId, gt(websiteNavArticle.id, afterId), limit));
    },
  };
}

/** Registers the information centre's source; answers the call that re-indexes changed articles. */
export function infoSearchSource(db: Db, indexer: Indexer) {
  indexer.source(SearchType.INFO, infoSource(db));
  return (siteId: bigint, ids: bigint[]) => indexer.changed(siteId, SearchType.INFO, ids);
}
