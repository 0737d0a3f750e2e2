import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { batchedRead } from '../../platform/batched-read.ts';
import { joinedList, listOf, param, statement } from '../../platform/db/statement.ts';
import { userCourseComment } from '../../db/schema/course.ts';

export type CommentRow = typeof userCourseComment.$inferSelect;

const shown = and(
  eq(userCourseComment.siteId, param('siteId')),
  eq(userCourseComment.courseId, param('courseId')),
  eq(userCourseComment.statusId, 1),
);
// a course's first page of comments is read by every reader of the course page: built once (decision 23)
const pageQ = statement<{ siteId: bigint; courseId: bigint; limit: number; offset: number }>()((db) =>
  db
    .select()
    .from(userCourseComment)
    .where(shown)
    .orderBy(desc(userCourseComment.id))
    .limit(param('limit'))
    .offset(param('offset')),
);
/** At most this many courses' first pages in one read. */
const FIRST_PAGES_PER_READ = 100;
type FirstPageAsk = { siteId: bigint; courseId: bigint; limit: number };
// the first pages of several courses' comments, asked by course pages at once: the newest of each course, one read
const firstPagesQ = statement<{ sites: string; courses: string; limits: string }>()((db) =>
  db
    .select()
    .from(userCourseComment)
    .where(
      sql`${userCourseComment.id} in (select unnest(array(
        select x.id from ${userCourseComment} x
        where x.site_id = asked.site_id and x.course_id = asked.course_id and x.status_id = 1
        order by x.id desc limit asked.lim))
      from unnest(${listOf('sites', 'bigint')}, ${listOf('courses', 'bigint')}, ${listOf('limits', 'int')})
        as asked(site_id, course_id, lim))`,
    )
    .orderBy(desc(userCourseComment.id)),
);
const countQ = statement<{ siteId: bigint; courseId: bigint }>()((db) =>
  db.select({ n: count() }).from(userCourseComment).where(shown),
);

export function commentRepo(db: Db) {
  const readFirstPages = batchedRead<FirstPageAsk, CommentRow[]>({
    max: FIRST_PAGES_PER_READ,
    run: async (asks) => {
      const rows = await firstPagesQ(db, {
        sites: joinedList(asks, (a) => a.siteId),
        courses: joinedList(asks, (a) => a.courseId),
        limits: joinedList(asks, (a) => a.limit),
      });
      const byCourse = new Map<string, CommentRow[]>();
      for (const r of rows) {
        const key = `${r.siteId}:${r.courseId}`;
        const list = byCourse.get(key);
        if (list) list.push(r);
        else byCourse.set(key, [r]);
      }
      // newest first within each course, as read; an ask of a shorter page than another of its course takes its share
      return asks.map((a) => (byCourse.get(`${a.siteId}:${a.courseId}`) ?? []).slice(0, a.limit));
    },
  });
  return {
    async insert(
      siteId: bigint,
      courseId: bigint,
      userId: bigint,
      commentText: string,
      parentId: bigint | null,
    ): Promise<CommentRow> {
      const [row] = await db
        .insert(userCourseComment)
        .values({ id: newId(), siteId, courseId, userId, commentText, parentId })
        .returning();
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<CommentRow | undefined> {
      const [row] = await db
        .select()
        .from(userCourseComment)
        .where(
          and(eq(userCourseComment.siteId, siteId), eq(userCourseComment.id, id), eq(userCourseComment.statusId, 1)),
        )
        .limit(1);
      return row;
    },
    async page(siteId: bigint, courseId: bigint, q: TPageQuery) {
      const { limit, offset } = pageWindow(q);
      const rows =
        offset === 0
          ? await readFirstPages({ siteId, courseId, limit })
          : await pageQ(db, { siteId, courseId, limit, offset });
      // a first page with room to spare holds every comment (most courses have a few): nothing left to count
      if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
      const [total] = await countQ(db, { siteId, courseId });
      return { rows, total: total!.n };
    },
    /** Deleting a comment also removes the replies to it. */
    async remove(siteId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(userCourseComment)
        .where(and(eq(userCourseComment.siteId, siteId), eq(userCourseComment.id, id)))
        .returning({ id: userCourseComment.id });
      await db
        .delete(userCourseComment)
        .where(and(eq(userCourseComment.siteId, siteId), eq(userCourseComment.parentId, id)));
      return rows.length > 0;
    },
  };
}
export type CommentRepo = ReturnType<typeof commentRepo>;
