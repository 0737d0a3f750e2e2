import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import type { TPageQuery } from '#contract/call.ts';
import { course, coursePeriod } from '../../db/schema/course.ts';
import { liveAttendance, liveChannel, liveChannelLog, liveChat, liveSession } from '../../db/schema/live.ts';
import { newId } from '../../platform/ids.ts';

export type ChannelRow = typeof liveChannel.$inferSelect;
export type SessionRow = typeof liveSession.$inferSelect;

/** A session with what lists show of its course and lesson (read from the published catalogue). */
const listed = {
  s: liveSession,
  courseName: course.courseName,
  periodName: coursePeriod.periodName,
  isFree: sql<number>`greatest(${course.isFree}, ${coursePeriod.isFree})`.mapWith(Number),
};
export type ListedSession = { s: SessionRow; courseName: string; periodName: string; isFree: number };

export function liveRepo(db: Db) {
  const fromListed = () =>
    db
      .select(listed)
      .from(liveSession)
      .innerJoin(course, and(eq(course.siteId, liveSession.siteId), eq(course.id, liveSession.courseId)))
      .innerJoin(
        coursePeriod,
        and(eq(coursePeriod.siteId, liveSession.siteId), eq(coursePeriod.id, liveSession.periodId)),
      );

  return {
    async channelOf(siteId: bigint, lecturerUserId: bigint): Promise<ChannelRow | undefined> {
      const [row] = await db
        .select()
        .from(liveChannel)
        .where(and(eq(liveChannel.siteId, siteId), eq(liveChannel.lecturerUserId, lecturerUserId)));
      return row;
    },
    async createChannel(siteId: bigint, lecturerUserId: bigint, streamKey: string): Promise<ChannelRow> {
      await db
        .insert(liveChannel)
        .values({ id: newId(), siteId, lecturerUserId, streamKey })
        .onConflictDoNothing({ target: [liveChannel.siteId, liveChannel.lecturerUserId] });
      return (await this.channelOf(siteId, lecturerUserId))!;
    },
    async updateChannel(
      siteId: bigint,
      lecturerUserId: bigint,
      set: Partial<Pick<ChannelRow, 'streamKey' | 'channelPwd'>>,
    ) {
      const [row] = await db
        .update(liveChannel)
        .set({ ...set, gmtModified: new Date() })
        .where(and(eq(liveChannel.siteId, siteId), eq(liveChannel.lecturerUserId, lecturerUserId)))
        .returning();
      return row;
    },
    /** The channel of a stream key, on any site (the ingest knows nothing but the key). */
    async channelByKey(streamKey: string): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(liveChannel).where(eq(liveChannel.streamKey, streamKey));
      return row;
    },

    async sessionById(siteId: bigint, id: bigint): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(liveSession)
        .where(and(eq(liveSession.siteId, siteId), eq(liveSession.id, id)));
      return row;
    },
    async sessionByPeriod(siteId: bigint, periodId: bigint): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(liveSession)
        .where(and(eq(liveSession.siteId, siteId), eq(liveSession.periodId, periodId)));
      return row;
    },
    async sessionsByPeriods(siteId: bigint, periodIds: bigint[]): Promise<Map<bigint, SessionRow>> {
      if (!periodIds.length) return new Map();
      const rows = await db
        .select()
        .from(liveSession)
        .where(and(eq(liveSession.siteId, siteId), inArray(liveSession.periodId, periodIds)));
      return new Map(rows.map((r) => [r.periodId, r]));
    },
    async removeSession(siteId: bigint, id: bigint): Promise<void> {
      await db
        .delete(liveSession)
        .where(and(eq(liveSession.siteId, siteId), eq(liveSession.id, id), eq(liveSession.liveStatus, 1)));
    },
    async upsertSession(row: typeof liveSession.$inferInsert): Promise<SessionRow> {
      const [saved] = await db
        .insert(liveSession)
        .values(row)
        .onConflictDoUpdate({
          target: [liveSession.siteId, liveSession.periodId],
          set: {
            beginTime: row.beginTime,
            liveDuration: row.liveDuration,
            playbackSave: row.playbackSave,
            gmtModified: new Date(),
          },
        })
        .returning();
      return saved!;
    },
    async updateSession(siteId: bigint, id: bigint, set: Partial<SessionRow>, onlyFrom?: number[]) {
      const [row] = await db
        .update(liveSession)
        .set({ ...set, gmtModified: new Date() })
        .where(
          and(
            eq(liveSession.siteId, siteId),
            eq(liveSession.id, id),
            onlyFrom ? inArray(liveSession.liveStatus, onlyFrom) : undefined,
          ),
        )
        .returning();
      return row;
    },
    /** The lecturer's sessions that may be pushed now: planned to start within the window, not yet finished. */
    async dueSessions(siteId: bigint, lecturerUserId: bigint, now: Date, earlyMin: number, lateMin: number) {
      return db
        .select()
        .from(liveSession)
        .where(
          and(
            eq(liveSession.siteId, siteId),
            eq(liveSession.lecturerUserId, lecturerUserId),
            inArray(liveSession.liveStatus, [1, 2, 3]),
            sql`${liveSession.beginTime} - make_interval(mins => ${earlyMin}) <= ${now}`,
            sql`${liveSession.beginTime} + make_interval(mins => ${liveSession.liveDuration} + ${lateMin}) >= ${now}`,
          ),
        )
        .orderBy(asc(liveSession.beginTime));
    },
    async byReplayVideo(siteId: bigint, videoId: bigint) {
      return db
        .select()
        .from(liveSession)
        .where(and(eq(liveSession.siteId, siteId), eq(liveSession.replayVideoId, videoId)));
    },

    async listedOne(siteId: bigint, id: bigint): Promise<ListedSession | undefined> {
      const [row] = await fromListed().where(and(eq(liveSession.siteId, siteId), eq(liveSession.id, id)));
      return row;
    },
    listedOfCourse(siteId: bigint, courseId: bigint): Promise<ListedSession[]> {
      return fromListed()
        .where(and(eq(liveSession.siteId, siteId), eq(liveSession.courseId, courseId), eq(coursePeriod.statusId, 1)))
        .orderBy(asc(liveSession.beginTime));
    },
    /** Sessions live now or still to come on courses on the shelf, soonest first. */
    async plan(siteId: bigint, now: Date, q: TPageQuery) {
      const where = and(
        eq(liveSession.siteId, siteId),
        eq(course.isPutaway, 1),
        eq(course.statusId, 1),
        eq(coursePeriod.statusId, 1),
        inArray(liveSession.liveStatus, [1, 2]),
        sql`${liveSession.beginTime} + make_interval(mins => ${liveSession.liveDuration}) >= ${now}`,
      );
      const { limit, offset } = pageWindow(q);
      const rows = await fromListed().where(where).orderBy(asc(liveSession.beginTime)).limit(limit).offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(liveSession)
        .innerJoin(course, and(eq(course.siteId, liveSession.siteId), eq(course.id, liveSession.courseId)))
        .innerJoin(
          coursePeriod,
          and(eq(coursePeriod.siteId, liveSession.siteId), eq(coursePeriod.id, liveSession.periodId)),
        )
        .where(where);
      return { rows, total: total!.n };
    },
    /** On every site: sessions still to come that start in (from, to], of published lessons of courses on the shelf. */
    dueForReminder(from: Date, to: Date): Promise<ListedSession[]> {
      return fromListed()
        .where(
          and(
            eq(course.isPutaway, 1),
            eq(course.statusId, 1),
            eq(coursePeriod.statusId, 1),
            eq(liveSession.liveStatus, 1),
            gt(liveSession.beginTime, from),
            lte(liveSession.beginTime, to),
          ),
        )
        .orderBy(asc(liveSession.beginTime))
        .limit(1000);
    },
    async lecturerPage(siteId: bigint, lecturerUserId: bigint, q: TPageQuery) {
      const where = and(eq(liveSession.siteId, siteId), eq(liveSession.lecturerUserId, lecturerUserId));
      const { limit, offset } = pageWindow(q);
      const rows = await fromListed().where(where).orderBy(desc(liveSession.beginTime)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(liveSession).where(where);
      return { rows, total: total!.n };
    },
    living(siteId: bigint): Promise<ListedSession[]> {
      return fromListed()
        .where(and(eq(liveSession.siteId, siteId), eq(liveSession.liveStatus, 2)))
        .orderBy(asc(liveSession.beginTime));
    },

    async openLog(siteId: bigint, sessionId: bigint, lecturerUserId: bigint, source: string): Promise<bigint> {
      const id = newId();
      await db.insert(liveChannelLog).values({ id, siteId, sessionId, lecturerUserId, source });
      return id;
    },
    async closeLog(siteId: bigint, id: bigint): Promise<void> {
      await db
        .update(liveChannelLog)
        .set({ endTime: new Date() })
        .where(and(eq(liveChannelLog.siteId, siteId), eq(liveChannelLog.id, id), isNull(liveChannelLog.endTime)));
    },
    async logPage(siteId: bigint, lecturerUserId: bigint, q: TPageQuery) {
      const where = and(eq(liveChannelLog.siteId, siteId), eq(liveChannelLog.lecturerUserId, lecturerUserId));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({ l: liveChannelLog, periodName: coursePeriod.periodName })
        .from(liveChannelLog)
        .innerJoin(liveSession, eq(liveSession.id, liveChannelLog.sessionId))
        .leftJoin(
          coursePeriod,
          and(eq(coursePeriod.siteId, liveSession.siteId), eq(coursePeriod.id, liveSession.periodId)),
        )
        .where(where)
        .orderBy(desc(liveChannelLog.startTime))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(liveChannelLog).where(where);
      return { rows, total: total!.n };
    },

    async saveChat(row: typeof liveChat.$inferInsert): Promise<void> {
      await db.insert(liveChat).values(row);
    },
    async recentChat(siteId: bigint, sessionId: bigint, limit: number) {
      const rows = await db
        .select()
        .from(liveChat)
        .where(and(eq(liveChat.siteId, siteId), eq(liveChat.sessionId, sessionId), eq(liveChat.statusId, 1)))
        .orderBy(desc(liveChat.gmtCreate))
        .limit(limit);
      return rows.reverse();
    },
    async chatCount(siteId: bigint, sessionId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(liveChat)
        .where(and(eq(liveChat.siteId, siteId), eq(liveChat.sessionId, sessionId)));
      return row!.n;
    },

    /** A viewer joined: the first time makes the row, later joins keep it. */
    async join(siteId: bigint, sessionId: bigint, userId: bigint) {
      await db
        .insert(liveAttendance)
        .values({ id: newId(), siteId, sessionId, userId })
        .onConflictDoNothing({ target: [liveAttendance.siteId, liveAttendance.sessionId, liveAttendance.userId] });
    },
    async leave(siteId: bigint, sessionId: bigint, userId: bigint, seconds: number) {
      await db
        .update(liveAttendance)
        .set({ lastLeave: new Date(), watchSeconds: sql`${liveAttendance.watchSeconds} + ${seconds}` })
        .where(
          and(
            eq(liveAttendance.siteId, siteId),
            eq(liveAttendance.sessionId, sessionId),
            eq(liveAttendance.userId, userId),
          ),
        );
    },
    async setMuted(siteId: bigint, sessionId: bigint, userId: bigint, muted: number) {
      await this.join(siteId, sessionId, userId);
      await db
        .update(liveAttendance)
        .set({ muted })
        .where(
          and(
            eq(liveAttendance.siteId, siteId),
            eq(liveAttendance.sessionId, sessionId),
            eq(liveAttendance.userId, userId),
          ),
        );
    },
    async isMuted(siteId: bigint, sessionId: bigint, userId: bigint): Promise<boolean> {
      const [row] = await db
        .select({ muted: liveAttendance.muted })
        .from(liveAttendance)
        .where(
          and(
            eq(liveAttendance.siteId, siteId),
            eq(liveAttendance.sessionId, sessionId),
            eq(liveAttendance.userId, userId),
          ),
        );
      return row?.muted === 1;
    },
    attendance(siteId: bigint, sessionId: bigint) {
      return db
        .select()
        .from(liveAttendance)
        .where(
          and(
            eq(liveAttendance.siteId, siteId),
            eq(liveAttendance.sessionId, sessionId),
            gte(liveAttendance.watchSeconds, 0),
          ),
        )
        .orderBy(desc(liveAttendance.watchSeconds));
    },
  };
}
export type LiveRepo = ReturnType<typeof liveRepo>;
