import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { batchedRead } from '../../platform/batched-read.ts';
import { joinedList, listOf, statement } from '../../platform/db/statement.ts';
import { course, courseAccessory, courseChapter, coursePeriod, userCourseComment } from '../../db/schema/course.ts';
import { lecturer } from '../../db/schema/lecturer.ts';
import type { AccessoryFacts, ChapterFacts, CourseCardRow, PeriodFacts } from './course.repo.ts';

/** A course's lecturer, joined by the lecturer's user and site. */
export const lecturerJoin = and(eq(lecturer.siteId, course.siteId), eq(lecturer.userId, course.lecturerUserId));

type J<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] extends bigint | null ? string | null : T[K] }[];
const live = (t: typeof courseChapter | typeof coursePeriod | typeof courseAccessory) =>
  sql`${t.siteId} = ${course.siteId} and ${t.courseId} = ${course.id} and ${t.statusId} = 1`;
/** At most this many courses in one read of their structures. */
const STRUCTURES_PER_READ = 100;
// built once, when first used: the course page is read on every visit, and building this query cost more than
// running it (decision 23); the courses of many pages asked at once are read together
const structureQ = statement<{ sites: string; ids: string }>()((db) =>
  db
    .select({
      c: course,
      lecturerName: lecturer.lecturerName,
      chapters: sql<J<ChapterFacts> | null>`(select json_agg(json_build_object('id', ${courseChapter.id}::text, 'chapterName', ${courseChapter.chapterName},
        'chapterDesc', ${courseChapter.chapterDesc}, 'isFree', ${courseChapter.isFree}) order by ${courseChapter.sort}, ${courseChapter.id})
        from ${courseChapter} where ${live(courseChapter)})`,
      periods: sql<J<PeriodFacts> | null>`(select json_agg(json_build_object('id', ${coursePeriod.id}::text, 'chapterId', ${coursePeriod.chapterId}::text,
        'periodName', ${coursePeriod.periodName}, 'periodDesc', ${coursePeriod.periodDesc}, 'isFree', ${coursePeriod.isFree},
        'videoId', ${coursePeriod.videoId}::text, 'videoDuration', ${coursePeriod.videoDuration}, 'docKey', ${coursePeriod.docKey}, 'docName', ${coursePeriod.docName})
        order by ${coursePeriod.sort}, ${coursePeriod.id}) from ${coursePeriod} where ${live(coursePeriod)})`,
      accessories: sql<J<AccessoryFacts> | null>`(select json_agg(json_build_object('id', ${courseAccessory.id}::text, 'accessoryName', ${courseAccessory.accessoryName},
        'fileSize', ${courseAccessory.fileSize}) order by ${courseAccessory.sort}, ${courseAccessory.id}) from ${courseAccessory} where ${live(courseAccessory)})`,
      hasComments: sql<boolean>`exists(select 1 from ${userCourseComment} where ${userCourseComment.siteId} = ${course.siteId}
        and ${userCourseComment.courseId} = ${course.id} and ${userCourseComment.statusId} = 1)`,
    })
    .from(course)
    .leftJoin(lecturer, lecturerJoin)
    .where(
      and(
        sql`(${course.siteId}, ${course.id}) in (select * from unnest(${listOf('sites', 'bigint')}, ${listOf('ids', 'bigint')}))`,
        eq(course.statusId, 1),
      ),
    ),
);

/** A course with its chapters, lessons and files, as the course page reads it. */
export interface CourseStructure {
  course: CourseCardRow;
  chapters: ChapterFacts[];
  periods: PeriodFacts[];
  accessories: AccessoryFacts[];
  /** whether anyone has commented (a course without comments needs no read of them) */
  hasComments: boolean;
}

/**
 * A course with its chapters, lessons and files in one round trip (the course page is the busiest read that cannot
 * be served from a list cache), the courses asked while one read runs read together (decision 74). Ids travel as
 * text inside the JSON, bigints being too wide.
 */
export function structureReader(db: Db): (siteId: bigint, courseId: bigint) => Promise<CourseStructure | undefined> {
  const read = batchedRead<{ siteId: bigint; courseId: bigint }, CourseStructure | undefined>({
    max: STRUCTURES_PER_READ,
    run: async (asks) => {
      const rows = await structureQ(db, {
        sites: joinedList(asks, (a) => a.siteId),
        ids: joinedList(asks, (a) => a.courseId),
      });
      const found = new Map(rows.map((r) => [`${r.c.siteId}:${r.c.id}`, r]));
      return asks.map((a) => {
        const row = found.get(`${a.siteId}:${a.courseId}`);
        if (!row) return undefined;
        return {
          course: { ...row.c, lecturerName: row.lecturerName },
          chapters: (row.chapters ?? []).map((c): ChapterFacts => ({ ...c, id: BigInt(c.id) })),
          periods: (row.periods ?? []).map((p): PeriodFacts => ({
            ...p,
            id: BigInt(p.id),
            chapterId: BigInt(p.chapterId),
            videoId: p.videoId ? BigInt(p.videoId) : null,
          })),
          accessories: (row.accessories ?? []).map((x): AccessoryFacts => ({
            ...x,
            id: BigInt(x.id),
            fileSize: Number(x.fileSize),
          })),
          hasComments: row.hasComments,
        };
      });
    },
  });
  return (siteId, courseId) => read({ siteId, courseId });
}
