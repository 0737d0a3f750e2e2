import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { batchedRead } from '../../platform/batched-read.ts';
import { joinedList, listOf, statement } from '../../platform/db/statement.ts';
import { userStudy } from '../../db/schema/study.ts';

export type StudyRow = typeof userStudy.$inferSelect;
export type StudyInsert = typeof userStudy.$inferInsert;

/** A lesson's new state, to be stored only over the row it was built on: `expected` is that row's report count (null: none). */
export type StudyCommit = StudyInsert & { expected: number | null };

export const commitKey = (siteId: bigint | string, userId: bigint | string, periodId: bigint | string): string =>
  `${siteId}:${userId}:${periodId}`;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The rows as one JSON array (ids as strings, times as ISO strings) for commitMany, numbered in the order given. */
function wireRows(rows: StudyCommit[]): string {
  return JSON.stringify(
    rows.map((r, n) => ({
      n,
      id: String(r.id),
      site_id: String(r.siteId),
      user_id: String(r.userId),
      course_id: String(r.courseId),
      chapter_id: String(r.chapterId),
      period_id: String(r.periodId),
      current_position: r.currentPosition ?? 0,
      watched_ranges: r.watchedRanges ?? [],
      watched_sec: r.watchedSec ?? 0,
      credited_sec: r.creditedSec ?? 0,
      percent: r.percent ?? 0,
      is_finish: r.isFinish ?? 0,
      report_count: r.reportCount ?? 0,
      recent_report_ids: r.recentReportIds ?? [],
      last_report_at: iso(r.lastReportAt),
      gmt_modified: iso(r.gmtModified) ?? new Date().toISOString(),
      expected: r.expected,
    })),
  );
}

type Summary = { percentSum: number; lastPeriodId: bigint; lastStudyAt: Date };
type SummaryAsk = { siteId: bigint; userId: bigint; courseIds: bigint[] };
/** At most this many learners' asks in one read. */
const SUMMARIES_PER_READ = 100;
/**
 * Per learner and course, the sum of its lessons' percents and the lesson studied last: every signed-in course
 * page asks, so the asks of many learners go in one read (the triples asked, unnested).
 */
const summariesQ = statement<{ sites: string; users: string; courses: string }>()((db) =>
  db
    .select({
      siteId: userStudy.siteId,
      userId: userStudy.userId,
      courseId: userStudy.courseId,
      percentSum: sql<number>`coalesce(sum(${userStudy.percent}), 0)::float8`,
      lastPeriodId: sql`(array_agg(${userStudy.periodId} order by ${userStudy.gmtModified} desc))[1]`.mapWith(
        userStudy.periodId,
      ),
      lastStudyAt: sql`max(${userStudy.gmtModified})`.mapWith(userStudy.gmtModified),
    })
    .from(userStudy)
    .where(
      sql`(${userStudy.siteId}, ${userStudy.userId}, ${userStudy.courseId}) in
        (select * from unnest(${listOf('sites', 'bigint')}, ${listOf('users', 'bigint')}, ${listOf('courses', 'bigint')}))`,
    )
    .groupBy(userStudy.siteId, userStudy.userId, userStudy.courseId),
);

export function studyRepo(db: Db) {
  const readSummaries = batchedRead<SummaryAsk, Map<bigint, Summary>>({
    max: SUMMARIES_PER_READ,
    run: async (asks) => {
      const triples = asks.flatMap((a) => a.courseIds.map((courseId) => ({ ...a, courseId })));
      const rows = await summariesQ(db, {
        sites: joinedList(triples, (t) => t.siteId),
        users: joinedList(triples, (t) => t.userId),
        courses: joinedList(triples, (t) => t.courseId),
      });
      const byLearner = new Map<string, Map<bigint, Summary>>();
      for (const r of rows) {
        const key = `${r.siteId}:${r.userId}`;
        let sums = byLearner.get(key);
        if (!sums) byLearner.set(key, (sums = new Map()));
        sums.set(r.courseId, {
          percentSum: Number(r.percentSum),
          lastPeriodId: r.lastPeriodId,
          lastStudyAt: r.lastStudyAt,
        });
      }
      // each ask gets its own map, of the courses it asked for
      return asks.map((a) => {
        const sums = byLearner.get(`${a.siteId}:${a.userId}`);
        const out = new Map<bigint, Summary>();
        for (const id of a.courseIds) {
          const s = sums?.get(id);
          if (s) out.set(id, s);
        }
        return out;
      });
    },
  });
  return {
    async byPeriod(siteId: bigint, userId: bigint, periodId: bigint): Promise<StudyRow | undefined> {
      const [row] = await db
        .select()
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), eq(userStudy.periodId, periodId)))
        .limit(1);
      return row;
    },
    /**
     * Stores lessons' new states in one statement, each only over the row it was built on (a compare-and-set on the
     * report count: a lesson first stored by this write is inserted only if no row exists yet). Returns the keys
     * (`commitKey`) of those stored; a state built on a row someone else has since replaced is left out, for the
     * caller to build again on the newer row. The batch travels as one JSON parameter read by jsonb_to_recordset
     * (one prepared statement for any number of rows), and rows are locked in the order given, which callers keep
     * the same for every write so that two writes never deadlock. `gmt_modified` (indexed, for the recent lessons)
     * moves at most once a minute: a write that changes no indexed column is a HOT update, which adds no index entries
     * and stays on its page, and a lesson being watched is written every few seconds.
     */
    async commitMany(rows: StudyCommit[]): Promise<Set<string>> {
      if (!rows.length) return new Set();
      const result = await db.execute(sql`
        with r as (
          select * from jsonb_to_recordset(${wireRows(rows)}::jsonb) as r(n int, id bigint, site_id bigint, user_id bigint, course_id bigint,
            chapter_id bigint, period_id bigint, current_position float8, watched_ranges jsonb, watched_sec float8, credited_sec float8,
            percent float8, is_finish int, report_count int, recent_report_ids jsonb, last_report_at timestamptz, gmt_modified timestamptz,
            expected int))
        insert into user_study (id, site_id, user_id, course_id, chapter_id, period_id, current_position, watched_ranges, watched_sec,
          credited_sec, percent, is_finish, report_count, recent_report_ids, last_report_at, gmt_modified)
        select r.id, r.site_id, r.user_id, r.course_id, r.chapter_id, r.period_id, r.current_position, r.watched_ranges, r.watched_sec,
          r.credited_sec, r.percent, r.is_finish, r.report_count, r.recent_report_ids, r.last_report_at, r.gmt_modified
        from r order by r.n
        on conflict (site_id, user_id, period_id) do update set
          current_position = excluded.current_position, watched_ranges = excluded.watched_ranges, watched_sec = excluded.watched_sec,
          credited_sec = excluded.credited_sec, percent = excluded.percent, is_finish = excluded.is_finish,
          report_count = excluded.report_count, recent_report_ids = excluded.recent_report_ids,
          last_report_at = excluded.last_report_at,
          gmt_modified = case when user_study.gmt_modified > excluded.gmt_modified - interval '1 minute'
            then user_study.gmt_modified else excluded.gmt_modified end
          where user_study.report_count = (select x.expected from r x
            where x.site_id = excluded.site_id and x.user_id = excluded.user_id and x.period_id = excluded.period_id)
        returning site_id::text as s, user_id::text as u, period_id::text as p`);
      return new Set(rowsOf<{ s: string; u: string; p: string }>(result).map((r) => commitKey(r.s, r.u, r.p)));
    },
    byCourse(siteId: bigint, userId: bigint, courseId: bigint): Promise<StudyRow[]> {
      return db
        .select()
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), eq(userStudy.courseId, courseId)));
    },
    async hasStudied(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean> {
      const rows = await db
        .select({ id: userStudy.id })
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), eq(userStudy.courseId, courseId)))
        .limit(1);
      return rows.length > 0;
    },
    /** The lessons studied most recently. */
    async recent(siteId: bigint, userId: bigint, q: TPageQuery, courseId?: bigint) {
      const where = and(
        eq(userStudy.siteId, siteId),
        eq(userStudy.userId, userId),
        courseId !== undefined ? eq(userStudy.courseId, courseId) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(userStudy)
          .where(where)
          .orderBy(desc(userStudy.gmtModified), desc(userStudy.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(userStudy).where(where),
      ]);
      return { rows, total: total!.n };
    },
    /** Per course: the sum of lesson percents, and the lesson and time studied last. */
    async summaries(siteId: bigint, userId: bigint, courseIds: bigint[]): Promise<Map<bigint, Summary>> {
      if (!courseIds.length) return new Map();
      return readSummaries({ siteId, userId, courseIds });
    },
    /** Per user and course, the sum of the lessons' percents (a class's summary). */
    async percentSums(siteId: bigint, userIds: bigint[], courseIds: bigint[]) {
      if (!userIds.length || !courseIds.length) return [];
      return db
        .select({
          userId: userStudy.userId,
          courseId: userStudy.courseId,
          percentSum: sql<number>`coalesce(sum(${userStudy.percent}), 0)::float8`,
        })
        .from(userStudy)
        .where(
          and(eq(userStudy.siteId, siteId), inArray(userStudy.userId, userIds), inArray(userStudy.courseId, courseIds)),
        )
        .groupBy(userStudy.userId, userStudy.courseId);
    },
    /** Which of the users have a lesson of the courses last written in [from, to) (the summary's "studied that day"). */
    async studiedIn(siteId: bigint, userIds: bigint[], courseIds: bigint[], from: Date, to: Date) {
      if (!userIds.length || !courseIds.length) return [];
      const rows = await db
        .selectDistinct({ userId: userStudy.userId })
        .from(userStudy)
        .where(
          and(
            eq(userStudy.siteId, siteId),
            inArray(userStudy.userId, userIds),
            gte(userStudy.gmtModified, from),
            lt(userStudy.gmtModified, to),
            inArray(userStudy.courseId, courseIds),
          ),
        );
      return rows.map((r) => r.userId);
    },
    /** Per course: how many learners studied the given lessons, the sum of their lesson percents, the latest study. */
    async courseLearnerStats(siteId: bigint, courseIds: bigint[], periodIds: bigint[]) {
      if (!courseIds.length || !periodIds.length) return [];
      return db
        .select({
          courseId: userStudy.courseId,
          learners: sql<number>`count(distinct ${userStudy.userId})::int`,
          percentSum: sql<number>`coalesce(sum(${userStudy.percent}), 0)::float8`,
          lastStudyAt: sql<Date>`max(${userStudy.gmtModified})`.mapWith(userStudy.gmtModified),
        })
        .from(userStudy)
        .where(
          and(
            eq(userStudy.siteId, siteId),
            inArray(userStudy.courseId, courseIds),
            inArray(userStudy.periodId, periodIds),
          ),
        )
        .groupBy(userStudy.courseId);
    },
    /** The learners of a course's given lessons, most recently active first, with their sums. */
    async learnerPage(siteId: bigint, courseId: bigint, periodIds: bigint[], q: TPageQuery, userId?: bigint) {
      if (!periodIds.length) return { rows: [], total: 0 };
      const where = and(
        eq(userStudy.siteId, siteId),
        eq(userStudy.courseId, courseId),
        inArray(userStudy.periodId, periodIds),
        userId !== undefined ? eq(userStudy.userId, userId) : undefined,
      );
      const last = sql<Date>`max(${userStudy.gmtModified})`.mapWith(userStudy.gmtModified);
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            userId: userStudy.userId,
            percentSum: sql<number>`coalesce(sum(${userStudy.percent}), 0)::float8`,
            finishTotal: sql<number>`(count(*) filter (where ${userStudy.isFinish} = 1))::int`,
            lastStudyAt: last,
          })
          .from(userStudy)
          .where(where)
          .groupBy(userStudy.userId)
          .orderBy(desc(last), desc(userStudy.userId))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(distinct ${userStudy.userId})::int` })
          .from(userStudy)
          .where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, percentSum: Number(r.percentSum), finishTotal: Number(r.finishTotal) })),
        total: Number(total!.n),
      };
    },
    /** Each lesson's progress of the given learners in a course. */
    learnerPeriods(siteId: bigint, courseId: bigint, userIds: bigint[]) {
      if (!userIds.length) return Promise.resolve([]);
      return db
        .select({
          userId: userStudy.userId,
          periodId: userStudy.periodId,
          percent: userStudy.percent,
          isFinish: userStudy.isFinish,
        })
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), eq(userStudy.courseId, courseId), inArray(userStudy.userId, userIds)));
    },
    /** Total accepted reports of a user (tests and the benchmark compare it with what was sent). */
    async reportTotal(siteId: bigint, userId?: bigint): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${userStudy.reportCount}), 0)::int` })
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), userId !== undefined ? eq(userStudy.userId, userId) : undefined));
      return Number(row!.n);
    },
  };
}
export type StudyRepo = ReturnType<typeof studyRepo>;
