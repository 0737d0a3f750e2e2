import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { courseAccessoryAudit, courseAudit, courseChapterAudit, coursePeriodAudit } from '../../db/schema/studio.ts';
import { courseChapterPicAudit } from '../../db/schema/course-pic.ts';

export type CourseAuditRow = typeof courseAudit.$inferSelect;
export type ChapterAuditRow = typeof courseChapterAudit.$inferSelect;
export type PeriodAuditRow = typeof coursePeriodAudit.$inferSelect;
export type AccessoryAuditRow = typeof courseAccessoryAudit.$inferSelect;
export type CourseAuditFields = Omit<
  CourseAuditRow,
  | 'id'
  | 'siteId'
  | 'lecturerUserId'
  | 'gmtCreate'
  | 'gmtModified'
  | 'statusId'
  | 'auditOpinion'
  | 'isPublished'
  | 'submitTime'
> & { auditOpinion?: string };
export type CourseAuditListRow = CourseAuditRow & { periodTotal: number };

// columns inside a selected sql fragment are written unqualified, so the subquery names its tables itself
const periodCount = () =>
  sql<number>`(select count(*)::int from ${coursePeriodAudit} p where p.site_id = ${courseAudit}.site_id and p.course_id = ${courseAudit}.id and p.status_id = 1)`;

/** Queries of the lecturer's drafts. Every query is by site; ownership is checked by the service on the course. */
export function studioRepo(db: Db) {
  const live = (siteId: bigint, id: bigint) =>
    and(eq(courseAudit.siteId, siteId), eq(courseAudit.id, id), eq(courseAudit.statusId, 1));
  async function paged(q: TPageQuery, where: SQL | undefined, order: SQL[]) {
    const { limit, offset } = pageWindow(q);
    const rows = await db
      .select({ c: courseAudit, periodTotal: periodCount() })
      .from(courseAudit)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(courseAudit).where(where);
    return { rows: rows.map((r) => ({ ...r.c, periodTotal: Number(r.periodTotal) })), total: total!.n };
  }
  return {
    async course(siteId: bigint, id: bigint): Promise<CourseAuditRow | undefined> {
      const [row] = await db.select().from(courseAudit).where(live(siteId, id)).limit(1);
      return row;
    },
    /** Locks the draft for a decision or a publication (inside a transaction). */
    async courseForUpdate(siteId: bigint, id: bigint): Promise<CourseAuditRow | undefined> {
      const [row] = await db.select().from(courseAudit).where(live(siteId, id)).limit(1).for('update');
      return row;
    },
    async insertCourse(v: typeof courseAudit.$inferInsert): Promise<CourseAuditRow> {
      const [row] = await db.insert(courseAudit).values(v).returning();
      return row!;
    },
    async updateCourse(siteId: bigint, id: bigint, v: Partial<CourseAuditRow>): Promise<CourseAuditRow | undefined> {
      const [row] = await db
        .update(courseAudit)
        .set({ ...v, gmtModified: new Date() })
        .where(live(siteId, id))
        .returning();
      return row;
    },
    /** An edit of any part of the draft: it is no longer what the administrator approved or is looking at. */
    async markEdited(siteId: bigint, id: bigint, editing: number): Promise<void> {
      await db.update(courseAudit).set({ auditStatus: editing, gmtModified: new Date() }).where(live(siteId, id));
    },
    async removeCourse(siteId: bigint, id: bigint): Promise<void> {
      await db
        .delete(courseChapterPicAudit)
        .where(and(eq(courseChapterPicAudit.siteId, siteId), eq(courseChapterPicAudit.courseId, id)));
      await db
        .delete(coursePeriodAudit)
        .where(and(eq(coursePeriodAudit.siteId, siteId), eq(coursePeriodAudit.courseId, id)));
      await db
        .delete(courseChapterAudit)
        .where(and(eq(courseChapterAudit.siteId, siteId), eq(courseChapterAudit.courseId, id)));
      await db
        .delete(courseAccessoryAudit)
        .where(and(eq(courseAccessoryAudit.siteId, siteId), eq(courseAccessoryAudit.courseId, id)));
      await db.delete(courseAudit).where(and(eq(courseAudit.siteId, siteId), eq(courseAudit.id, id)));
    },
    ownPage(
      siteId: bigint,
      userId: bigint,
      q: TPageQuery & { courseName: string; courseType?: number; auditStatus?: number },
    ) {
      const conds: (SQL | undefined)[] = [
        eq(courseAudit.siteId, siteId),
        eq(courseAudit.lecturerUserId, userId),
        eq(courseAudit.statusId, 1),
      ];
      if (q.courseName) conds.push(ilike(courseAudit.courseName, containing(q.courseName)));
      if (q.courseType !== undefined) conds.push(eq(courseAudit.courseType, q.courseType));
      if (q.auditStatus !== undefined) conds.push(eq(courseAudit.auditStatus, q.auditStatus));
      return paged(q, and(...conds), [desc(courseAudit.gmtModified), desc(courseAudit.id)]);
    },
    queuePage(siteId: bigint, q: TPageQuery & { courseName: string; auditStatus: number }) {
      const conds: (SQL | undefined)[] = [
        eq(courseAudit.siteId, siteId),
        eq(courseAudit.statusId, 1),
        eq(courseAudit.auditStatus, q.auditStatus),
      ];
      if (q.courseName) conds.push(ilike(courseAudit.courseName, containing(q.courseName)));
      return paged(q, and(...conds), [asc(courseAudit.submitTime), asc(courseAudit.id)]);
    },

    chapters(siteId: bigint, courseId: bigint): Promise<ChapterAuditRow[]> {
      return db
        .select()
        .from(courseChapterAudit)
        .where(
          and(
            eq(courseChapterAudit.siteId, siteId),
            eq(courseChapterAudit.courseId, courseId),
            eq(courseChapterAudit.statusId, 1),
          ),
        )
        .orderBy(asc(courseChapterAudit.sort), asc(courseChapterAudit.id));
    },
    async chapter(siteId: bigint, id: bigint): Promise<ChapterAuditRow | undefined> {
      const [row] = await db
        .select()
        .from(courseChapterAudit)
        .where(
          and(eq(courseChapterAudit.siteId, siteId), eq(courseChapterAudit.id, id), eq(courseChapterAudit.statusId, 1)),
        )
        .limit(1);
      return row;
    },
    async nextChapterSort(siteId: bigint, courseId: bigint): Promise<number> {
      const [row] = await db
        .select({ m: sql<number>`coalesce(max(${courseChapterAudit.sort}), 0)::int` })
        .from(courseChapterAudit)
        .where(
          and(
            eq(courseChapterAudit.siteId, siteId),
            eq(courseChapterAudit.courseId, courseId),
            eq(courseChapterAudit.statusId, 1),
          ),
        );
      return Number(row?.m ?? 0) + 1;
    },
    async insertChapter(v: typeof courseChapterAudit.$inferInsert): Promise<ChapterAuditRow> {
      const [row] = await db.insert(courseChapterAudit).values(v).returning();
      return row!;
    },
    async updateChapter(siteId: bigint, id: bigint, v: Partial<ChapterAuditRow>): Promise<ChapterAuditRow | undefined> {
      const [row] = await db
        .update(courseChapterAudit)
        .set({ ...v, gmtModified: new Date() })
        .where(
          and(eq(courseChapterAudit.siteId, siteId), eq(courseChapterAudit.id, id), eq(courseChapterAudit.statusId, 1)),
        )
        .returning();
      return row;
    },
    async removeChapter(siteId: bigint, id: bigint): Promise<void> {
      await db
        .delete(courseChapterPicAudit)
        .where(and(eq(courseChapterPicAudit.siteId, siteId), eq(courseChapterPicAudit.chapterId, id)));
      await db
        .delete(coursePeriodAudit)
        .where(and(eq(coursePeriodAudit.siteId, siteId), eq(coursePeriodAudit.chapterId, id)));
      await db
        .delete(courseChapterAudit)
        .where(and(eq(courseChapterAudit.siteId, siteId), eq(courseChapterAudit.id, id)));
    },

    periodsOfCourse(siteId: bigint, courseId: bigint): Promise<PeriodAuditRow[]> {
      return db
        .select()
        .from(coursePeriodAudit)
        .where(
          and(
            eq(coursePeriodAudit.siteId, siteId),
            eq(coursePeriodAudit.courseId, courseId),
            eq(coursePeriodAudit.statusId, 1),
          ),
        )
        .orderBy(asc(coursePeriodAudit.sort), asc(coursePeriodAudit.id));
    },
    periodsOfChapter(siteId: bigint, chapterId: bigint): Promise<PeriodAuditRow[]> {
      return db
        .select()
        .from(coursePeriodAudit)
        .where(
          and(
            eq(coursePeriodAudit.siteId, siteId),
            eq(coursePeriodAudit.chapterId, chapterId),
            eq(coursePeriodAudit.statusId, 1),
          ),
        )
        .orderBy(asc(coursePeriodAudit.sort), asc(coursePeriodAudit.id));
    },
    async period(siteId: bigint, id: bigint): Promise<PeriodAuditRow | undefined> {
      const [row] = await db
        .select()
        .from(coursePeriodAudit)
        .where(
          and(eq(coursePeriodAudit.siteId, siteId), eq(coursePeriodAudit.id, id), eq(coursePeriodAudit.statusId, 1)),
        )
        .limit(1);
      return row;
    },
    async nextPeriodSort(siteId: bigint, chapterId: bigint): Promise<number> {
      const [row] = await db
        .select({ m: sql<number>`coalesce(max(${coursePeriodAudit.sort}), 0)::int` })
        .from(coursePeriodAudit)
        .where(
          and(
            eq(coursePeriodAudit.siteId, siteId),
            eq(coursePeriodAudit.chapterId, chapterId),
            eq(coursePeriodAudit.statusId, 1),
          ),
        );
      return Number(row?.m ?? 0) + 1;
    },
    async insertPeriod(v: typeof coursePeriodAudit.$inferInsert): Promise<PeriodAuditRow> {
      const [row] = await db.insert(coursePeriodAudit).values(v).returning();
      return row!;
    },
    async updatePeriod(siteId: bigint, id: bigint, v: Partial<PeriodAuditRow>): Promise<PeriodAuditRow | undefined> {
      const [row] = await db
        .update(coursePeriodAudit)
        .set({ ...v, gmtModified: new Date() })
        .where(
          and(eq(coursePeriodAudit.siteId, siteId), eq(coursePeriodAudit.id, id), eq(coursePeriodAudit.statusId, 1)),
        )
        .returning();
      return row;
    },
    async removePeriod(siteId: bigint, id: bigint): Promise<void> {
      await db
        .delete(courseChapterPicAudit)
        .where(and(eq(courseChapterPicAudit.siteId, siteId), eq(courseChapterPicAudit.periodId, id)));
      await db.delete(coursePeriodAudit).where(and(eq(coursePeriodAudit.siteId, siteId), eq(coursePeriodAudit.id, id)));
    },
    /** Writes the given order (1, 2, 3 …) onto the chapters or lessons listed. */
    async sort(table: 'chapter' | 'period', siteId: bigint, ids: bigint[]): Promise<void> {
      const t = table === 'chapter' ? courseChapterAudit : coursePeriodAudit;
      for (const [i, id] of ids.entries())
        await db
          .update(t)
          .set({ sort: i + 1 })
          .where(and(eq(t.siteId, siteId), eq(t.id, id)));
    },
    /** A ready video's length, copied onto every lesson draft showing it. */
    async setVideoDuration(siteId: bigint, videoId: bigint, durationSec: number): Promise<void> {
      await db
        .update(coursePeriodAudit)
        .set({ videoDuration: durationSec })
        .where(and(eq(coursePeriodAudit.siteId, siteId), eq(coursePeriodAudit.videoId, videoId)));
    },
    /** Lesson drafts showing any of these videos, with their course and chapter names. */
    async videoRefs(siteId: bigint, videoIds: bigint[]) {
      if (videoIds.length === 0) return [];
      return db
        .select({
          videoId: coursePeriodAudit.videoId,
          courseId: coursePeriodAudit.courseId,
          courseName: courseAudit.courseName,
          chapterName: courseChapterAudit.chapterName,
          periodId: coursePeriodAudit.id,
          periodName: coursePeriodAudit.periodName,
        })
        .from(coursePeriodAudit)
        .innerJoin(
          courseAudit,
          and(
            eq(courseAudit.siteId, siteId),
            eq(courseAudit.id, coursePeriodAudit.courseId),
            eq(courseAudit.statusId, 1),
          ),
        )
        .innerJoin(
          courseChapterAudit,
          and(eq(courseChapterAudit.siteId, siteId), eq(courseChapterAudit.id, coursePeriodAudit.chapterId)),
        )
        .where(
          and(
            eq(coursePeriodAudit.siteId, siteId),
            inArray(coursePeriodAudit.videoId, videoIds),
            isNotNull(coursePeriodAudit.videoId),
            eq(coursePeriodAudit.statusId, 1),
          ),
        );
    },

    accessories(siteId: bigint, courseId: bigint): Promise<AccessoryAuditRow[]> {
      return db
        .select()
        .from(courseAccessoryAudit)
        .where(
          and(
            eq(courseAccessoryAudit.siteId, siteId),
            eq(courseAccessoryAudit.courseId, courseId),
            eq(courseAccessoryAudit.statusId, 1),
          ),
        )
        .orderBy(asc(courseAccessoryAudit.sort), asc(courseAccessoryAudit.id));
    },
    async accessory(siteId: bigint, id: bigint): Promise<AccessoryAuditRow | undefined> {
      const [row] = await db
        .select()
        .from(courseAccessoryAudit)
        .where(
          and(
            eq(courseAccessoryAudit.siteId, siteId),
            eq(courseAccessoryAudit.id, id),
            eq(courseAccessoryAudit.statusId, 1),
          ),
        )
        .limit(1);
      return row;
    },
    async insertAccessory(v: typeof courseAccessoryAudit.$inferInsert): Promise<AccessoryAuditRow> {
      const [row] = await db.insert(courseAccessoryAudit).values(v).returning();
      return row!;
    },
    async removeAccessory(siteId: bigint, id: bigint): Promise<void> {
      await db
        .delete(courseAccessoryAudit)
        .where(and(eq(courseAccessoryAudit.siteId, siteId), eq(courseAccessoryAudit.id, id)));
    },
  };
}
export type StudioRepo = ReturnType<typeof studioRepo>;
