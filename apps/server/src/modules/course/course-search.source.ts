import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { SearchType } from '#contract/search.ts';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Page } from '../../platform/db/page.ts';
import { course, courseCategory } from '../../db/schema/course.ts';
import { lecturer } from '../../db/schema/lecturer.ts';
import type { Indexer, SearchDoc, SearchSource } from '../search/index.ts';
import { plainText } from '../../platform/plain-text.ts';
import { lecturerJoin } from './course-structure.query.ts';

/** courseType → search type (spec §5): recorded 1, live 2, resource 4; libraries have their own, 9. */
export const SEARCH_TYPE_OF_COURSE: Record<number, number> = {
  1: SearchType.COURSE,
  2: SearchType.LIVE,
  3: SearchType.RESOURCE,
  4: SearchType.LIBRARY,
};

const columns = {
  id: course.id,
  courseName: course.courseName,
  introduce: course.introduce,
  courseLogo: course.courseLogo,
  categoryId: course.categoryId,
  isFree: course.isFree,
  coursePrice: course.coursePrice,
  countBuy: course.countBuy,
  countStudy: course.countStudy,
  lecturerName: lecturer.lecturerName,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

/**
 * What the search index holds of the catalogue: listed courses (on the shelf, not deleted) of one courseType,
 * found by name, lecturer, category name and introduction. Live courses join as type 2 through the same source.
 */
function courseSource(db: Db, courseType: number): SearchSource {
  const listed = (siteId: bigint) =>
    and(eq(course.siteId, siteId), eq(course.courseType, courseType), eq(course.isPutaway, 1), eq(course.statusId, 1));
  async function docs(siteId: bigint, rows: Row[]): Promise<SearchDoc[]> {
    if (!rows.length) return [];
    const cats = await db
      .select({ id: courseCategory.id, parentId: courseCategory.parentId, name: courseCategory.categoryName })
      .from(courseCategory)
      .where(eq(courseCategory.siteId, siteId));
    const byId = new Map(cats.map((c) => [c.id, c]));
    return rows.map((r) => {
      const chain: { id: bigint; name: string }[] = [];
      for (let c = byId.get(r.categoryId!); c && chain.length < 5; c = byId.get(c.parentId)) chain.push(c);
      return {
        refId: r.id!,
        title: r.courseName ?? '',
        summary: plainText(r.introduce ?? '', 500),
        byName: r.lecturerName ?? '',
        extra: chain.map((c) => c.name).join(' '),
        pic: r.courseLogo ?? '',
        categoryIds: chain.length ? chain.map((c) => c.id) : [r.categoryId!],
        price: r.isFree ? 0 : (r.coursePrice ?? 0),
        popularity: (r.countBuy ?? 0) + (r.countStudy ?? 0),
      };
    });
  }
  return {
    async load(siteId, refIds) {
      const rows = await db
        .select(columns)
        .from(course)
        .leftJoin(lecturer, lecturerJoin)
        .where(and(listed(siteId), inArray(course.id, refIds)));
      return docs(siteId, rows);
    },
    async scan(siteId, afterId, limit) {
      const rows = await db
        .select(columns)
        .from(course)
        .leftJoin(lecturer, lecturerJoin)
        .where(and(listed(siteId), gt(course.id, afterId)))
        .orderBy(asc(course.id))
        .limit(limit);
      return docs(siteId, rows);
    },
    async siteWords(siteId) {
      const rows = await db.select({ name: lecturer.lecturerName }).from(lecturer).where(eq(lecturer.siteId, siteId));
      return rows.map((r) => r.name);
    },
  };
}

/** What the catalogue asks of search: the ids of its search call, in rank order. */
export interface CourseSearch {
  ids(siteId: bigint, types: number[], keyword: string, q: TPageQuery): Promise<Page<bigint>>;
}

/** Registers a source per kind of course; answers the call that re-indexes one course after any change. */
export function courseSearchSources(db: Db, indexer: Indexer) {
  for (const [courseType, type] of Object.entries(SEARCH_TYPE_OF_COURSE)) {
    indexer.source(type, courseSource(db, Number(courseType)));
  }
  // a change may have moved the course between kinds, or off the shelf: every kind reads it again
  return (siteId: bigint, courseId: bigint) =>
    Promise.all(Object.values(SEARCH_TYPE_OF_COURSE).map((t) => indexer.changed(siteId, t, courseId))).then(
      () => undefined,
    );
}
