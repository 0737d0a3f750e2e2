import type { TPageQuery } from '#contract/call.ts';
import type { TCourseProgress, TPeriodProgress, TProgressReport, TStudyRecord } from '#contract/study.ts';
import type { Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import type { CourseService } from '../course/course.service.ts';
import type { PeriodAccessCache } from '../course/index.ts';
import { Redis } from 'ioredis';
import { ProgressBuffer, type Entry } from './study-buffer.ts';
import { MemoryProgressStore, type ProgressStore } from './study-store.ts';
import { RedisProgressStore } from './study-redis-store.ts';
import { applyReport, courseMean, emptyState, watchedUntil, type ProgressState } from './study-progress.ts';
import { presentPeriodProgress, presentStudyRecord, type PeriodProgress } from './study.presenter.ts';
import { studyRepo, type StudyRepo, type StudyRow } from './study.repo.ts';

export interface PeriodStudy {
  currentPosition: number;
  watchedUntil: number;
  isFinish: number;
  percent: number;
}

const stateOf = (r: StudyRow): ProgressState => ({
  ranges: r.watchedRanges,
  watchedSec: r.watchedSec,
  creditedSec: r.creditedSec,
  currentPosition: r.currentPosition,
  percent: r.percent,
  isFinish: r.isFinish,
  reportCount: r.reportCount,
  recentIds: r.recentReportIds,
  lastReportAt: r.lastReportAt ? r.lastReportAt.getTime() : null,
});

/**
 * Learning progress: the player's reports (waiting in a ProgressStore for their batch: memory, or Redis when
 * configured), each lesson's and each course's progress, and the study records. Only lessons the user may open
 * take reports.
 */
export class StudyService {
  private readonly repo: StudyRepo;
  private readonly store: ProgressStore;
  private readonly access: PeriodAccessCache;
  private readonly courses: CourseService;
  /** `access`: the course domain's lesson access rule, kept in memory (one per process). */
  constructor(
    p: Platform,
    access: PeriodAccessCache,
    courses: CourseService,
    opts: { flushMs?: number; maxDirty?: number } = {},
  ) {
    this.repo = studyRepo(p.db);
    this.store = p.config.redisUrl
      ? new RedisProgressStore(
          new Redis(p.config.redisUrl, { maxRetriesPerRequest: 2 }),
          p.config.redisPrefix,
          this.repo,
          p.log,
          opts.flushMs,
        )
      : new MemoryProgressStore(new ProgressBuffer(this.repo, p.log, opts));
    this.access = access;
    this.courses = courses;
  }

  async report(siteId: bigint, userId: bigint, r: TProgressReport): Promise<TPeriodProgress> {
    const e = await this.update(siteId, userId, BigInt(r.periodId), (s) =>
      applyReport(s.state, r, s.lesson, Date.now()),
    );
    return presentEntry(e);
  }

  /** Opening a document lesson counts as reading it. */
  async markRead(siteId: bigint, userId: bigint, periodId: bigint): Promise<void> {
    const read = { reportId: `read-${Date.now().toString(36)}`, currentPosition: 0, watchedRanges: [], event: 'read' };
    await this.update(
      siteId,
      userId,
      periodId,
      (e) => !e.state.isFinish && applyReport(e.state, read, e.lesson, Date.now()),
    );
  }

  /** Where the user is in a lesson (resume position, seek limit, finished). */
  async periodStudy(siteId: bigint, userId: bigint, periodId: bigint): Promise<PeriodStudy> {
    const e = await this.store.get(siteId, userId, periodId);
    const row = e ? undefined : await this.repo.byPeriod(siteId, userId, periodId);
    const s = e?.state ?? (row ? stateOf(row) : emptyState());
    return {
      currentPosition: s.currentPosition,
      watchedUntil: watchedUntil(s.ranges),
      isFinish: s.isFinish,
      percent: s.percent,
    };
  }

  /** Whether the user has studied any lesson of the course before (to count a course's learners). */
  async hasStudied(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean> {
    return (
      (await this.store.pendingOf(siteId, userId)).some((e) => e.courseId === courseId) ||
      this.repo.hasStudied(siteId, userId, courseId)
    );
  }

  /** Every lesson's progress in a course, the mean over the course and the lesson to continue with. */
  async courseProgress(siteId: bigint, userId: bigint, courseId: bigint): Promise<TCourseProgress> {
    const v = await this.courses.viewBase(siteId, courseId);
    if (!v) throw notFound('课程');
    const list = await this.periods(siteId, userId, courseId);
    const durations = new Map(
      v.chapterList.flatMap((ch) => ch.periodList.map((p) => [p.id, p.videoDuration] as const)),
    );
    const live = list.filter((l) => durations.has(String(l.periodId)));
    const periodTotal = durations.size;
    const last = [...live].sort((a, b) => b.at - a.at)[0];
    return {
      courseId: String(courseId),
      studyPercent: courseMean(
        live.map((l) => l.state.percent),
        periodTotal,
      ),
      periodTotal,
      finishTotal: live.filter((l) => l.state.isFinish === 1).length,
      lastPeriodId: last ? String(last.periodId) : '',
      periodList: live.map((l) => presentPeriodProgress(l, durations.get(String(l.periodId)) ?? 0)),
    };
  }

  /** Per course: progress percent, the last lesson and when it was studied ("my courses"). */
  async summaries(siteId: bigint, userId: bigint, courses: { id: bigint; periodTotal: number }[]) {
    const sums = await this.repo.summaries(
      siteId,
      userId,
      courses.map((c) => c.id),
    );
    const mem = await this.store.pendingOf(siteId, userId);
    const out = new Map<bigint, { studyPercent: number; lastPeriodId: string; lastStudyTime: string }>();
    for (const c of courses) {
      const s = sums.get(c.id);
      // lessons reported since the last flush replace their stored percent in the sum
      const fresh = mem.filter((e) => e.courseId === c.id);
      let percentSum = s?.percentSum ?? 0;
      let last = s ? { periodId: s.lastPeriodId, at: s.lastStudyAt.getTime() } : null;
      if (fresh.length) {
        const stored = new Map((await this.repo.byCourse(siteId, userId, c.id)).map((r) => [r.periodId, r.percent]));
        for (const e of fresh) {
          percentSum += e.state.percent - (stored.get(e.periodId) ?? 0);
          const at = e.state.lastReportAt ?? 0;
          if (!last || at > last.at) last = { periodId: e.periodId, at };
        }
      }
      out.set(c.id, {
        studyPercent: courseMean([percentSum], c.periodTotal),
        lastPeriodId: last ? String(last.periodId) : '',
        lastStudyTime: last ? formatTime(new Date(last.at)) : '',
      });
    }
    return out;
  }

  /** The lessons studied most recently (/account/study); the user's waiting reports are written first. */
  async records(siteId: bigint, userId: bigint, q: TPageQuery & { courseId?: string }): Promise<Page<TStudyRecord>> {
    if ((await this.store.pendingOf(siteId, userId)).length) await this.store.flush();
    const { rows, total } = await this.repo.recent(siteId, userId, q, q.courseId ? BigInt(q.courseId) : undefined);
    const cards = new Map(
      (await this.courses.cards(siteId, [...new Set(rows.map((r) => r.courseId))])).map((c) => [c.id, c]),
    );
    const views = new Map<bigint, Awaited<ReturnType<CourseService['viewBase']>>>();
    for (const id of cards.keys()) views.set(id, await this.courses.viewBase(siteId, id));
    return toPage(rows, total, q, (r) => {
      const period = views
        .get(r.courseId)
        ?.chapterList.flatMap((ch) => ch.periodList)
        .find((p) => p.id === String(r.periodId));
      return presentStudyRecord(r, cards.get(r.courseId), period);
    });
  }

  /**
   * Learning in a lecturer's courses: per course, the learners of its live lessons (`periodIds`) and the sum of
   * their percents; per learner, their sums and each lesson. Read from the stored rows (a batch is at most a flush
   * interval old).
   */
  courseLearnerStats(siteId: bigint, courseIds: bigint[], periodIds: bigint[]) {
    return this.repo.courseLearnerStats(siteId, courseIds, periodIds);
  }

  async learners(siteId: bigint, courseId: bigint, periodIds: bigint[], q: TPageQuery, userId?: bigint) {
    const { rows, total } = await this.repo.learnerPage(siteId, courseId, periodIds, q, userId);
    const studied = await this.repo.learnerPeriods(
      siteId,
      courseId,
      rows.map((r) => r.userId),
    );
    return { rows: rows.map((r) => ({ ...r, periods: studied.filter((l) => l.userId === r.userId) })), total };
  }

  /** Writes every buffered report (graceful stop, tests, benchmark). */
  flush(): Promise<void> {
    return this.store.flush();
  }

  stop(): Promise<void> {
    return this.store.stop();
  }

  /** Lessons whose latest reports are not yet written. */
  pendingCount(): Promise<number> {
    return this.store.pendingCount();
  }

  /** Accepted reports stored for a site (or one user). */
  reportTotal(siteId: bigint, userId?: bigint): Promise<number> {
    return this.repo.reportTotal(siteId, userId);
  }

  /**
   * Checks access first (a refusal stops the report; answered from memory nearly always, see LessonAccessCache),
   * then changes the lesson's state in the store with the lesson's current facts.
   */
  private async update(
    siteId: bigint,
    userId: bigint,
    periodId: bigint,
    mutate: (e: Entry) => boolean,
  ): Promise<Entry> {
    const facts = await this.access.access(siteId, userId, periodId);
    const lesson = { duration: facts.videoDuration, maxRate: facts.speedDouble === 1 ? 2 : 1, isDoc: facts.isDoc };
    return this.store.update(
      ProgressBuffer.key(siteId, userId, periodId),
      async () => {
        const row = await this.repo.byPeriod(siteId, userId, periodId);
        const state = row ? stateOf(row) : emptyState();
        return {
          siteId,
          userId,
          periodId,
          courseId: facts.courseId,
          chapterId: facts.chapterId,
          lesson,
          state,
          dirty: false,
          touchedAt: Date.now(),
        };
      },
      (e) => {
        e.courseId = facts.courseId;
        e.chapterId = facts.chapterId;
        e.lesson = lesson;
        return mutate(e);
      },
    );
  }

  /** The user's lessons of a course: stored rows, replaced by newer states held in memory. */
  private async periods(siteId: bigint, userId: bigint, courseId: bigint) {
    const rows = await this.repo.byCourse(siteId, userId, courseId);
    const byPeriod = new Map<bigint, PeriodProgress>();
    for (const r of rows)
      byPeriod.set(r.periodId, {
        periodId: r.periodId,
        chapterId: r.chapterId,
        courseId,
        state: stateOf(r),
        at: r.gmtModified.getTime(),
      });
    for (const e of await this.store.pendingOf(siteId, userId)) {
      if (e.courseId !== courseId || e.state.reportCount === 0) continue;
      byPeriod.set(e.periodId, {
        periodId: e.periodId,
        chapterId: e.chapterId,
        courseId,
        state: e.state,
        at: e.state.lastReportAt ?? 0,
      });
    }
    return [...byPeriod.values()];
  }
}

const presentEntry = (e: Entry): TPeriodProgress =>
  presentPeriodProgress(
    {
      periodId: e.periodId,
      chapterId: e.chapterId,
      courseId: e.courseId,
      state: e.state,
      at: e.state.lastReportAt ?? 0,
    },
    e.lesson.duration,
  );
