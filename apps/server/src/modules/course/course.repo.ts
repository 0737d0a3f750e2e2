import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { param, statement } from '../../platform/db/statement.ts';
import {
  course,
  courseAccessory,
  courseCategory,
  courseChapter,
  coursePeriod,
  zoneCourse,
} from '../../db/schema/course.ts';
import { lecturer } from '../../db/schema/lecturer.ts';
import { lecturerJoin, structureReader } from './course-structure.query.ts';

export type CourseRow = typeof course.$inferSelect;
export type CategoryRow = typeof courseCategory.$inferSelect;
export type ChapterRow = typeof courseChapter.$inferSelect;
export type PeriodRow = typeof coursePeriod.$inferSelect;
export type AccessoryRow = typeof courseAccessory.$inferSelect;
/** What the course page shows of chapters, lessons and files (never a document or file key's content). */
export type ChapterFacts = Pick<ChapterRow, 'id' | 'chapterName' | 'chapterDesc' | 'isFree'>;
export type PeriodFacts = Pick<
  PeriodRow,
  'id' | 'chapterId' | 'periodName' | 'periodDesc' | 'isFree' | 'videoId' | 'videoDuration' | 'docKey' | 'docName'
>;
export type AccessoryFacts = Pick<AccessoryRow, 'id' | 'accessoryName' | 'fileSize'>;
/** A course with its lecturer's published name, for list cards. */
export type CourseCardRow = CourseRow & { lecturerName: string | null };

export type ListFilter = {
  courseType?: number;
  categoryIds?: bigint[];
  isFree?: number;
  keyword?: string;
  /** also match the keyword against the lecturer's name (search) */
  keywordLecturer?: boolean;
  lecturerUserId?: bigint;
  orderBy: 'default' | 'newest' | 'popular' | 'priceAsc' | 'priceDesc';
};

// The lecturer's public name is read with a join: a list card needs it for every row, and asking the
// lecturer service per page would double the queries of the busiest call.

// Spelled to match the indexes exactly (drizzle writes DESC NULLS LAST), so each order is read off its index.
const descLast = (col: SQL.Aliased | typeof course.id | typeof course.countBuy | typeof course.countStudy) =>
  sql`${col} desc nulls last`;
const ORDER: Record<ListFilter['orderBy'], SQL[]> = {
  default: [asc(course.sort), descLast(course.id)],
  newest: [desc(course.id)],
  popular: [descLast(course.countBuy), descLast(course.countStudy), descLast(course.id)],
  priceAsc: [asc(course.coursePrice), descLast(course.id)],
  // the price index read backwards
  priceDesc: [desc(course.coursePrice), sql`${course.id} asc nulls first`],
};

/** On the shelf and not deleted: what visitors may see. */
const listed = (siteId: bigint) => and(eq(course.siteId, siteId), eq(course.isPutaway, 1), eq(course.statusId, 1));

const cardQ = statement<{ siteId: bigint; id: bigint }>()((db) =>
  db
    .select({ c: course, lecturerName: lecturer.lecturerName })
    .from(course)
    .leftJoin(lecturer, lecturerJoin)
    .where(and(eq(course.siteId, param('siteId')), eq(course.id, param('id')), eq(course.statusId, 1)))
    .limit(1),
);

export function courseRepo(db: Db) {
  const readStructure = structureReader(db);
  const cards = () =>
    db.select({ c: course, lecturerName: lecturer.lecturerName }).from(course).leftJoin(lecturer, lecturerJoin);
  const flat = (rows: { c: CourseRow; lecturerName: string | null }[]): CourseCardRow[] =>
    rows.map((r) => ({ ...r.c, lecturerName: r.lecturerName }));

  function filterOf(siteId: bigint, f: ListFilter): SQL {
    const conds: (SQL | undefined)[] = [listed(siteId)];
    if (f.courseType !== undefined) conds.push(eq(course.courseType, f.courseType));
    if (f.categoryIds) conds.push(f.categoryIds.length ? inArray(course.categoryId, f.categoryIds) : sql`false`);
    if (f.isFree !== undefined) conds.push(eq(course.isFree, f.isFree));
    if (f.lecturerUserId !== undefined) conds.push(eq(course.lecturerUserId, f.lecturerUserId));
    if (f.keyword) {
      const byName = ilike(course.courseName, containing(f.keyword));
      conds.push(
        f.keywordLecturer
          ? or(
              byName,
              sql`exists (select 1 from ${lecturer} where ${lecturerJoin} and ${ilike(lecturer.lecturerName, containing(f.keyword))})`,
            )
          : byName,
      );
    }
    return and(...conds)!;
  }

  return {
    categories(siteId: bigint, categoryType: number): Promise<CategoryRow[]> {
      return db
        .select()
        .from(courseCategory)
        .where(
          and(
            eq(courseCategory.siteId, siteId),
            eq(courseCategory.categoryType, categoryType),
            eq(courseCategory.statusId, 1),
          ),
        )
        .orderBy(asc(courseCategory.sort), asc(courseCategory.id));
    },
    async categoryById(siteId: bigint, id: bigint): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(courseCategory)
        .where(and(eq(courseCategory.siteId, siteId), eq(courseCategory.id, id)))
        .limit(1);
      return row;
    },

    /** One page in the chosen order; `total` counts the matches unless the caller already knows it. */
    async page(
      siteId: bigint,
      f: ListFilter,
      q: TPageQuery,
      knownTotal?: Promise<number>,
    ): Promise<{ rows: CourseCardRow[]; total: number }> {
      const where = filterOf(siteId, f);
      const { limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        cards()
          .where(where)
          .orderBy(...ORDER[f.orderBy])
          .limit(limit)
          .offset(offset),
        knownTotal ?? this.count(siteId, f),
      ]);
      return { rows: flat(rows), total };
    },
    async count(siteId: bigint, f: ListFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(course).where(filterOf(siteId, f));
      return row!.n;
    },

    /** Any course of the site, on the shelf or not (the caller decides who may see it). */
    async byId(siteId: bigint, id: bigint): Promise<CourseCardRow | undefined> {
      const [row] = await cardQ(db, { siteId, id });
      return row ? flat([row])[0] : undefined;
    },
    /** Whether the course exists (on the shelf or not): what a grant needs to know of it. */
    async exists(siteId: bigint, id: bigint): Promise<boolean> {
      const [row] = await db
        .select({ id: course.id })
        .from(course)
        .where(and(eq(course.siteId, siteId), eq(course.id, id), eq(course.statusId, 1)))
        .limit(1);
      return !!row;
    },
    async cardsByIds(siteId: bigint, ids: bigint[]): Promise<CourseCardRow[]> {
      if (!ids.length) return [];
      // one course is what checkout and most callers ask for
      if (ids.length === 1) return flat(await cardQ(db, { siteId, id: ids[0]! }));
      return flat(await cards().where(and(eq(course.siteId, siteId), inArray(course.id, ids), eq(course.statusId, 1))));
    },
    /** Listed courses of the category first (none when it is null), then recommended ones of the same kind. */
    async related(
      siteId: bigint,
      courseType: number,
      categoryId: bigint | null,
      limit: number,
    ): Promise<CourseCardRow[]> {
      const base = and(listed(siteId), eq(course.courseType, courseType));
      const first = categoryId
        ? flat(
            await cards()
              .where(and(base, eq(course.categoryId, categoryId)))
              .orderBy(...ORDER.popular)
              .limit(limit),
          )
        : [];
      if (first.length >= limit) return first;
      const seen = first.map((r) => r.id);
      const more = await cards()
        .where(
          and(
            base,
            seen.length
              ? sql`${course.id} not in (${sql.join(
                  seen.map((s) => sql`${s}`),
                  sql`, `,
                )})`
              : undefined,
          ),
        )
        .orderBy(desc(course.isRecommend), ...ORDER.popular)
        .limit(limit - first.length);
      return [...first, ...flat(more)];
    },

    lecturerOf(siteId: bigint, userId: bigint) {
      return db
        .select()
        .from(lecturer)
        .where(and(eq(lecturer.siteId, siteId), eq(lecturer.userId, userId)))
        .limit(1)
        .then((r) => r[0]);
    },
    /** A course with its chapters, lessons and files (course-structure.query.ts). */
    courseWithStructure(siteId: bigint, courseId: bigint) {
      return readStructure(siteId, courseId);
    },
    async accessoryById(siteId: bigint, id: bigint): Promise<AccessoryRow | undefined> {
      const [row] = await db
        .select()
        .from(courseAccessory)
        .where(and(eq(courseAccessory.siteId, siteId), eq(courseAccessory.id, id), eq(courseAccessory.statusId, 1)))
        .limit(1);
      return row;
    },
    async countAccessoryDownload(siteId: bigint, id: bigint): Promise<void> {
      await db
        .update(courseAccessory)
        .set({ downloadCount: sql`${courseAccessory.downloadCount} + 1` })
        .where(and(eq(courseAccessory.siteId, siteId), eq(courseAccessory.id, id)));
    },

    /** A lesson with its chapter and course: everything an access decision needs, in one query. */
    async periodWithParents(siteId: bigint, periodId: bigint) {
      const [row] = await db
        .select({ p: coursePeriod, ch: courseChapter, c: course })
        .from(coursePeriod)
        .innerJoin(
          courseChapter,
          and(eq(courseChapter.siteId, coursePeriod.siteId), eq(courseChapter.id, coursePeriod.chapterId)),
        )
        .innerJoin(course, and(eq(course.siteId, coursePeriod.siteId), eq(course.id, coursePeriod.courseId)))
        .where(
          and(
            eq(coursePeriod.siteId, siteId),
            eq(coursePeriod.id, periodId),
            eq(coursePeriod.statusId, 1),
            eq(courseChapter.statusId, 1),
            eq(course.statusId, 1),
          ),
        )
        .limit(1);
      return row;
    },

    /** Copies a transcoded video's length to its lessons; returns the courses touched. */
    async setVideoDuration(siteId: bigint, videoId: bigint, durationSec: number): Promise<bigint[]> {
      const rows = await db
        .update(coursePeriod)
        .set({ videoDuration: durationSec, gmtModified: new Date() })
        .where(and(eq(coursePeriod.siteId, siteId), eq(coursePeriod.videoId, videoId)))
        .returning({ courseId: coursePeriod.courseId });
      return [...new Set(rows.map((r) => r.courseId))];
    },
    /** Points a lesson at a video; undefined when there is no such lesson. */
    async setPeriodVideo(
      siteId: bigint,
      periodId: bigint,
      videoId: bigint | null,
      durationSec: number,
    ): Promise<PeriodRow | undefined> {
      const [row] = await db
        .update(coursePeriod)
        .set({ videoId, videoDuration: durationSec, gmtModified: new Date() })
        .where(and(eq(coursePeriod.siteId, siteId), eq(coursePeriod.id, periodId), eq(coursePeriod.statusId, 1)))
        .returning();
      return row;
    },
    /** Recomputes a course's lesson count from its live lessons. */
    async recountPeriods(siteId: bigint, courseId: bigint): Promise<void> {
      await db
        .update(course)
        .set({
          periodTotal: sql`(select count(*) from ${coursePeriod} where ${coursePeriod.siteId} = ${siteId} and ${coursePeriod.courseId} = ${courseId} and ${coursePeriod.statusId} = 1)`,
          gmtModified: new Date(),
        })
        .where(and(eq(course.siteId, siteId), eq(course.id, courseId)));
    },
    async countBuy(siteId: bigint, courseId: bigint): Promise<void> {
      await db
        .update(course)
        .set({ countBuy: sql`${course.countBuy} + 1` })
        .where(and(eq(course.siteId, siteId), eq(course.id, courseId)));
    },
    async countStudy(siteId: bigint, courseId: bigint): Promise<void> {
      await db
        .update(course)
        .set({ countStudy: sql`${course.countStudy} + 1` })
        .where(and(eq(course.siteId, siteId), eq(course.id, courseId)));
    },

    /** The listed courses of each zone, in the zone's order. */
    async zoneCourses(siteId: bigint, zoneIds: bigint[], perZone: number): Promise<Map<bigint, CourseCardRow[]>> {
      const out = new Map<bigint, CourseCardRow[]>();
      if (!zoneIds.length) return out;
      const rows = await db
        .select({ zoneId: zoneCourse.zoneId, c: course, lecturerName: lecturer.lecturerName })
        .from(zoneCourse)
        .innerJoin(course, and(eq(course.siteId, zoneCourse.siteId), eq(course.id, zoneCourse.courseId)))
        .leftJoin(lecturer, lecturerJoin)
        .where(
          and(
            eq(zoneCourse.siteId, siteId),
            inArray(zoneCourse.zoneId, zoneIds),
            eq(zoneCourse.statusId, 1),
            listed(siteId),
          ),
        )
        .orderBy(asc(zoneCourse.sort), asc(zoneCourse.id));
      for (const r of rows) {
        const list = out.get(r.zoneId) ?? [];
        if (list.length < perZone) list.push({ ...r.c, lecturerName: r.lecturerName });
        out.set(r.zoneId, list);
      }
      return out;
    },

    adminPage(siteId: bigint, q: TPageQuery & { courseName: string; courseType?: number; isPutaway?: number }) {
      const conds: (SQL | undefined)[] = [eq(course.siteId, siteId), eq(course.statusId, 1)];
      if (q.courseName) conds.push(ilike(course.courseName, containing(q.courseName)));
      if (q.courseType !== undefined) conds.push(eq(course.courseType, q.courseType));
      if (q.isPutaway !== undefined) conds.push(eq(course.isPutaway, q.isPutaway));
      const where = and(...conds);
      const { limit, offset } = pageWindow(q);
      return Promise.all([
        cards().where(where).orderBy(desc(course.id)).limit(limit).offset(offset).then(flat),
        db
          .select({ n: count() })
          .from(course)
          .where(where)
          .then((r) => r[0]!.n),
      ]).then(([rows, total]) => ({ rows, total }));
    },
  };
}
export type CourseRepo = ReturnType<typeof courseRepo>;
