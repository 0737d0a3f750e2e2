import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { SearchType } from '#contract/search.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Page } from '../../platform/db/page.ts';
import { examCategory, examPaper } from '../../db/schema/exam.ts';
import { user } from '../../db/schema/user.ts';
import type { Indexer, SearchDoc, SearchSource } from '../search/index.ts';

/** What the paper centre asks of search: its search call's ids, and re-indexing a paper after a change. */
export interface PaperSearch {
  ids(siteId: bigint, type: number, keyword: string, q: TPageQuery): Promise<Page<bigint>>;
  changed(siteId: bigint, paperId: bigint): Promise<void>;
}

/** Papers on the shelf, found by name, subject, year and description; taken most first among equals. */
function paperSource(db: Db): SearchSource {
  const rows = (siteId: bigint, cond: SQL, limit: number) =>
    db
      .select({
        id: examPaper.id,
        examName: examPaper.examName,
        description: examPaper.description,
        subjectId: examPaper.subjectId,
        yearId: examPaper.yearId,
        isFree: examPaper.isFree,
        priceFen: examPaper.priceFen,
        studyCount: examPaper.studyCount,
        nickname: user.nickname,
      })
      .from(examPaper)
      .leftJoin(user, eq(user.id, examPaper.lecturerUserId))
      .where(and(eq(examPaper.siteId, siteId), eq(examPaper.isPutAway, 1), eq(examPaper.statusId, 1), cond))
      .orderBy(asc(examPaper.id))
      .limit(limit);
  async function docs(siteId: bigint, list: Awaited<ReturnType<typeof rows>>): Promise<SearchDoc[]> {
    const catIds = [...new Set(list.flatMap((r) => [r.subjectId, r.yearId]).filter((x): x is bigint => x !== null))];
    const cats = catIds.length
      ? await db
          .select({ id: examCategory.id, name: examCategory.categoryName })
          .from(examCategory)
          .where(and(eq(examCategory.siteId, siteId), inArray(examCategory.id, catIds)))
      : [];
    const names = new Map(cats.map((c) => [c.id, c.name]));
    return list.map((r) => ({
      refId: r.id,
      title: r.examName,
      summary: r.description,
      byName: r.nickname ?? '',
      extra: [r.subjectId, r.yearId].map((id) => (id === null ? '' : (names.get(id) ?? ''))).join(' '),
      pic: '',
      categoryIds: r.subjectId === null ? [] : [r.subjectId],
      price: r.isFree === 1 ? 0 : r.priceFen,
      popularity: r.studyCount,
    }));
  }
  return {
    async load(siteId, refIds) {
      return docs(siteId, await rows(siteId, inArray(examPaper.id, refIds), refIds.length));
    },
    async scan(siteId, afterId, limit) {
      return docs(siteId, await rows(siteId, gt(examPaper.id, afterId), limit));
    },
  };
}

export function paperSearchSource(db: Db, search: Indexer & Pick<PaperSearch, 'ids'>): PaperSearch {
  search.source(SearchType.PAPER, paperSource(db));
  return {
    ids: (siteId, type, keyword, q) => search.ids(siteId, type, keyword, q),
    changed: (siteId, paperId) => search.changed(siteId, SearchType.PAPER, paperId),
  };
}
