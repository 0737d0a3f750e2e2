import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { SearchType } from '#contract/search.ts';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Page } from '../../platform/db/page.ts';
import { blog, blogger } from '../../db/schema/community-blog.ts';
import { communityLabel, question } from '../../db/schema/community-question.ts';
import type { Indexer, SearchDoc, SearchSource } from '../search/index.ts';
import { plainText } from '../../platform/plain-text.ts';

/** Reads by ids or in id order after one: the two questions every source answers. */
function byIdsOrAfter<T>(read: (cond: SQL) => Promise<T[]>, idCol: typeof blog.id | typeof question.id) {
  return {
    load: (refIds: bigint[]) => read(inArray(idCol, refIds)),
    scan: (afterId: bigint) => read(gt(idCol, afterId)),
  };
}

/** Published, visible blog posts (articleType 1), found by title, summary, tags, author and text. */
function blogSource(db: Db): SearchSource {
  const rows = (siteId: bigint, cond: SQL, limit: number) =>
    db
      .select({
        id: blog.id,
        title: blog.title,
        summary: blog.summary,
        content: blog.content,
        tags: blog.tags,
        artPic: blog.artPic,
        nickname: blogger.nickname,
        popularity: blog.viewCount,
        likes: blog.likeCount,
      })
      .from(blog)
      .leftJoin(blogger, and(eq(blogger.siteId, blog.siteId), eq(blogger.userId, blog.userId)))
      .where(and(eq(blog.siteId, siteId), eq(blog.isPublish, 1), eq(blog.isHidden, 0), eq(blog.articleType, 1), cond))
      .orderBy(asc(blog.id))
      .limit(limit);
  const doc = (r: Awaited<ReturnType<typeof rows>>[number]): SearchDoc => ({
    refId: r.id,
    title: r.title,
    summary: r.summary || plainText(r.content, 300),
    byName: r.nickname ?? '',
    extra: `${r.tags.replace(/,/g, ' ')} ${plainText(r.content, 1500)}`,
    pic: r.artPic,
    categoryIds: [],
    price: 0,
    popularity: r.popularity + 5 * r.likes,
  });
  return {
    async load(siteId, refIds) {
      const q = byIdsOrAfter((c) => rows(siteId, c, refIds.length), blog.id);
      return (await q.load(refIds)).map(doc);
    },
    async scan(siteId, afterId, limit) {
      const q = byIdsOrAfter((c) => rows(siteId, c, limit), blog.id);
      return (await q.scan(afterId)).map(doc);
    },
  };
}

/** Questions not hidden, found by title, labels and text; answered and read ones first among equals. */
function questionSource(db: Db): SearchSource {
  const rows = (siteId: bigint, cond: SQL, limit: number) =>
    db
      .select({
        id: question.id,
        title: question.title,
        content: question.content,
        labelIds: question.labelIds,
        answers: question.answerCount,
        views: question.viewCount,
      })
      .from(question)
      .where(and(eq(question.siteId, siteId), eq(question.isHidden, 0), eq(question.statusId, 1), cond))
      .orderBy(asc(question.id))
      .limit(limit);
  async function docs(siteId: bigint, list: Awaited<ReturnType<typeof rows>>): Promise<SearchDoc[]> {
    const labelIds = [...new Set(list.flatMap((r) => r.labelIds))];
    const labels = labelIds.length
      ? await db
          .select({ id: communityLabel.id, name: communityLabel.labelName })
          .from(communityLabel)
          .where(and(eq(communityLabel.siteId, siteId), inArray(communityLabel.id, labelIds)))
      : [];
    const names = new Map(labels.map((l) => [l.id, l.name]));
    return list.map((r) => ({
      refId: r.id,
      title: r.title,
      summary: plainText(r.content, 300),
      byName: '',
      extra: r.labelIds.map((id) => names.get(id) ?? '').join(' '),
      pic: '',
      categoryIds: r.labelIds,
      price: 0,
      popularity: r.views + 10 * r.answers,
    }));
  }
  return {
    async load(siteId, refIds) {
      return docs(siteId, await byIdsOrAfter((c) => rows(siteId, c, refIds.length), question.id).load(refIds));
    },
    async scan(siteId, afterId, limit) {
      return docs(siteId, await byIdsOrAfter((c) => rows(siteId, c, limit), question.id).scan(afterId));
    },
  };
}

/** What a community service asks of search: its own search call's ids, and re-indexing one of its rows. */
export interface ContentSearch {
  ids(siteId: bigint, type: number, keyword: string, q: TPageQuery): Promise<Page<bigint>>;
  changed(siteId: bigint, id: bigint): Promise<void>;
}

/** Registers the community's sources; answers the search each of its services is given. */
export function communitySearchSources(db: Db, search: Indexer & Pick<ContentSearch, 'ids'>) {
  search.source(SearchType.BLOG, blogSource(db));
  search.source(SearchType.QUESTION, questionSource(db));
  return { blogs: contentSearch(search, SearchType.BLOG), questions: contentSearch(search, SearchType.QUESTION) };
}

/** The search one community service is given: its type's re-indexing, and the ids of its search call. */
export function contentSearch(search: Indexer & Pick<ContentSearch, 'ids'>, type: number): ContentSearch {
  return {
    ids: (siteId, t, keyword, q) => search.ids(siteId, t, keyword, q),
    changed: (siteId, id) => search.changed(siteId, type, id),
  };
}
