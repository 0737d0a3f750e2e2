import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { course, courseAccessory, courseChapter, coursePeriod } from '../../db/schema/course.ts';
import { courseChapterPic } from '../../db/schema/course-pic.ts';

export type PublishedCourse = typeof course.$inferSelect;
export type PublishedChapter = typeof courseChapter.$inferSelect;
export type PublishedPeriod = typeof coursePeriod.$inferSelect;
export type PublishedAccessory = typeof courseAccessory.$inferSelect;
export type PublishedPic = typeof courseChapterPic.$inferSelect;

/** What an approved draft writes: the published rows under the drafts' ids. Counters are never written here. */
export interface CourseRelease {
  course: Pick<
    PublishedCourse,
    | 'id'
    | 'siteId'
    | 'lecturerUserId'
    | 'categoryId'
    | 'courseType'
    | 'courseName'
    | 'courseLogo'
    | 'introduce'
    | 'isFree'
    | 'rulingPrice'
    | 'coursePrice'
    | 'isVipFree'
    | 'speedDouble'
    | 'speedDrag'
    | 'isPutaway'
    | 'sort'
  >;
  chapters: Pick<PublishedChapter, 'id' | 'chapterName' | 'chapterDesc' | 'isFree' | 'sort'>[];
  periods: Pick<
    PublishedPeriod,
    | 'id'
    | 'chapterId'
    | 'periodName'
    | 'periodDesc'
    | 'isFree'
    | 'videoId'
    | 'videoDuration'
    | 'docKey'
    | 'docName'
    | 'docPages'
    | 'sort'
  >[];
  accessories: Pick<PublishedAccessory, 'id' | 'accessoryName' | 'storageKey' | 'fileSize' | 'sort'>[];
  /** pictures of the chapters and lessons above (none of a chapter or lesson left out) */
  pics: Pick<PublishedPic, 'id' | 'chapterId' | 'periodId' | 'picName' | 'picUrl' | 'sort'>[];
}

/**
 * Writes of the studio's approval into the published tables, and the reads its change view needs. Rows no longer
 * in the draft are retired (status 0), never deleted, so study records and orders that point at them stay whole.
 */
export function coursePublishRepo(db: Db) {
  const keepOnly = (
    col: typeof courseChapter.id | typeof coursePeriod.id | typeof courseAccessory.id | typeof courseChapterPic.id,
    ids: bigint[],
  ): SQL | undefined => (ids.length ? notInArray(col, ids) : undefined);
  /** The live pictures of a published course: by chapter, the chapter's own first, then by lesson, in order. */
  const pics = (siteId: bigint, courseId: bigint): Promise<PublishedPic[]> =>
    db
      .select()
      .from(courseChapterPic)
      .where(
        and(
          eq(courseChapterPic.siteId, siteId),
          eq(courseChapterPic.courseId, courseId),
          eq(courseChapterPic.statusId, 1),
        ),
      )
      .orderBy(
        asc(courseChapterPic.chapterId),
        sql`${courseChapterPic.periodId} nulls first`,
        asc(courseChapterPic.sort),
        asc(courseChapterPic.id),
      );
  return {
    async snapshot(siteId: bigint, courseId: bigint) {
      const [c] = await db
        .select()
        .from(course)
        .where(and(eq(course.siteId, siteId), eq(course.id, courseId)))
        .limit(1);
      if (!c) return undefined;
      const [chapters, periods, accessories, livePics] = await Promise.all([
        db
          .select()
          .from(courseChapter)
          .where(
            and(eq(courseChapter.siteId, siteId), eq(courseChapter.courseId, courseId), eq(courseChapter.statusId, 1)),
          )
          .orderBy(asc(courseChapter.sort), asc(courseChapter.id)),
        db
          .select()
          .from(coursePeriod)
          .where(
            and(eq(coursePeriod.siteId, siteId), eq(coursePeriod.courseId, courseId), eq(coursePeriod.statusId, 1)),
          )
          .orderBy(asc(coursePeriod.sort), asc(coursePeriod.id)),
        db
          .select()
          .from(courseAccessory)
          .where(
            and(
              eq(courseAccessory.siteId, siteId),
              eq(courseAccessory.courseId, courseId),
              eq(courseAccessory.statusId, 1),
            ),
          )
          .orderBy(asc(courseAccessory.sort), asc(courseAccessory.id)),
        pics(siteId, courseId),
      ]);
      return { course: c, chapters, periods, accessories, pics: livePics };
    },

    /** Creates or updates the course and everything in it; call inside a transaction. */
    async release(r: CourseRelease): Promise<void> {
      const { siteId, id: courseId } = r.course;
      const now = new Date();
      const { id: _id, siteId: _site, ...courseFields } = r.course;
      await db
        .insert(course)
        .values({ ...r.course, statusId: 1 })
        .onConflictDoUpdate({ target: course.id, set: { ...courseFields, statusId: 1, gmtModified: now } });

      for (const ch of r.chapters) {
        const { id: _id, ...fields } = ch;
        await db
          .insert(courseChapter)
          .values({ ...ch, siteId, courseId, statusId: 1 })
          .onConflictDoUpdate({
            target: courseChapter.id,
            set: { ...fields, courseId, statusId: 1, gmtModified: now },
          });
      }
      await db
        .update(courseChapter)
        .set({ statusId: 0, gmtModified: now })
        .where(
          and(
            eq(courseChapter.siteId, siteId),
            eq(courseChapter.courseId, courseId),
            keepOnly(
              courseChapter.id,
              r.chapters.map((c) => c.id),
            ),
          ),
        );

      for (const p of r.periods) {
        const { id: _id, ...fields } = p;
        await db
          .insert(coursePeriod)
          .values({ ...p, siteId, courseId, statusId: 1 })
          .onConflictDoUpdate({ target: coursePeriod.id, set: { ...fields, courseId, statusId: 1, gmtModified: now } });
      }
      await db
        .update(coursePeriod)
        .set({ statusId: 0, gmtModified: now })
        .where(
          and(
            eq(coursePeriod.siteId, siteId),
            eq(coursePeriod.courseId, courseId),
            keepOnly(
              coursePeriod.id,
              r.periods.map((p) => p.id),
            ),
          ),
        );

      for (const a of r.accessories) {
        const { id: _id, ...fields } = a;
        await db
          .insert(courseAccessory)
          .values({ ...a, siteId, courseId, statusId: 1 })
          .onConflictDoUpdate({
            target: courseAccessory.id,
            set: { ...fields, courseId, statusId: 1, gmtModified: now },
          });
      }
      await db
        .update(courseAccessory)
        .set({ statusId: 0, gmtModified: now })
        .where(
          and(
            eq(courseAccessory.siteId, siteId),
            eq(courseAccessory.courseId, courseId),
            keepOnly(
              courseAccessory.id,
              r.accessories.map((a) => a.id),
            ),
          ),
        );

      for (const pic of r.pics) {
        const { id: _id, ...fields } = pic;
        await db
          .insert(courseChapterPic)
          .values({ ...pic, siteId, courseId, statusId: 1 })
          .onConflictDoUpdate({
            target: courseChapterPic.id,
            set: { ...fields, courseId, statusId: 1, gmtModified: now },
          });
      }
      await db
        .update(courseChapterPic)
        .set({ statusId: 0, gmtModified: now })
        .where(
          and(
            eq(courseChapterPic.siteId, siteId),
            eq(courseChapterPic.courseId, courseId),
            keepOnly(
              courseChapterPic.id,
              r.pics.map((p) => p.id),
            ),
          ),
        );

      await db
        .update(course)
        .set({
          periodTotal: sql`(select count(*) from ${coursePeriod} where ${coursePeriod.siteId} = ${siteId} and ${coursePeriod.courseId} = ${courseId} and ${coursePeriod.statusId} = 1)`,
        })
        .where(and(eq(course.siteId, siteId), eq(course.id, courseId)));
    },

    pics,

    async docInUse(siteId: bigint, docKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: coursePeriod.id })
        .from(coursePeriod)
        .where(and(eq(coursePeriod.siteId, siteId), eq(coursePeriod.docKey, docKey)))
        .limit(1);
      return !!row;
    },

    async setPutaway(siteId: bigint, courseId: bigint, isPutaway: number): Promise<boolean> {
      const rows = await db
        .update(course)
        .set({ isPutaway, gmtModified: new Date() })
        .where(and(eq(course.siteId, siteId), eq(course.id, courseId), eq(course.statusId, 1)))
        .returning({ id: course.id });
      return rows.length > 0;
    },

    /** Published lessons showing any of these videos. */
    videoRefs(siteId: bigint, videoIds: bigint[]) {
      if (videoIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          videoId: coursePeriod.videoId,
          courseId: coursePeriod.courseId,
          courseName: course.courseName,
          chapterName: courseChapter.chapterName,
          periodId: coursePeriod.id,
          periodName: coursePeriod.periodName,
        })
        .from(coursePeriod)
        .innerJoin(course, and(eq(course.siteId, siteId), eq(course.id, coursePeriod.courseId), eq(course.statusId, 1)))
        .innerJoin(courseChapter, and(eq(courseChapter.siteId, siteId), eq(courseChapter.id, coursePeriod.chapterId)))
        .where(
          and(eq(coursePeriod.siteId, siteId), inArray(coursePeriod.videoId, videoIds), eq(coursePeriod.statusId, 1)),
        );
    },
  };
}
