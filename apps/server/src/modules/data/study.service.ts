import type { TPageQuery } from '#contract/call.ts';
import type { TCourseProgress, TPeriodProgress, TProgressReport, TStudyRecord } from '#contract/study.ts';
import type { Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import type { CourseService } from '../course/course.service.ts';
import type { PeriodAccessCache } from '../course/index.ts';
import { ProgressBuffer, stateOf, type Change, type Entry } from './progress-buffer.ts';
import { applyReport, courseMean, emptyState, watchedUntil } from './progress-rules.ts';
import { presentPeriodProgress, presentStudyRecord, type PeriodProgress } from './study.presenter.ts';
import { studyRepo, type StudyRepo } from './study.repo.ts';

export interface PeriodStudy {
  currentPosition: number;
  watchedUntil: number;
  isFinish: number;
  percent: number;
}

/**
 * Learning progress: the player's reports (each stored before it is answered, written together with the reports
 * arriving at the same time: ProgressBuffer), each lesson's and each course's progress, and the study records.
 * Only lessons the user may open take reports. Everything answered is in the database, so reads go there.
 */
export class StudyService {
  private readonly repo: StudyRepo;
  private readonly buffer: ProgressBuffer;
  private readonly access: PeriodAccessCache;
  private readonly courses: CourseService;
  /** `access`: the course domain's lesson access rule, kept in memory (one per process). */
  constructor(
    p: Platform,
    access: PeriodAccessCache,
    courses: CourseService,
    opts: { maxInFlight?: number; maxGroup?: number } = {},
  ) {
    this.repo = studyRepo(p.db);
    this.buffer = new ProgressBuffer(this.repo, p.log, opts);
    const buffer = this.buffer;
    p.metrics.gauge(
      'qingke_progress_buffered_reports',
      'Learning progress reports received and not yet stored (group commit)',
      () => buffer.waitingReports,
    );
    p.metrics.gauge(
      'qingke_progress_buffered_lessons',
      'Lessons with progress reports not yet stored',
      () => buffer.pending,
    );
    this.access = access;
    this.courses = courses;
  }

  async report(siteId: bigint, userId: bigint, r: TProgressReport): Promise<TPeriodProgress> {
    // applied again at the same moment should another process have stored the lesson first
    const now = Date.now();
    const e = await this.update(siteId, userId, BigInt(r.periodId), (s) => applyReport(s.state, r, s.facts, now));
    return presentEntry(e);
  }

  /** Opening a document lesson counts as reading it. */
  async markRead(siteId: bigint, userId: bigint, periodId: bigint): Promise<void> {
    const now = Date.now();
    const read = { reportId: `read-${now.toString(36)}`, currentPosition: 0, watchedRanges: [], event: 'read' };
    await this.update(siteId, userId, periodId, (e) => !e.state.isFinish && applyReport(e.state, read, e.facts, now));
  }

  /** Where the user is in a lesson (resume position, seek limit, finished). */
  async periodStudy(siteId: bigint, userId: bigint, periodId: bigint): Promise<PeriodStudy> {
    const row = await this.repo.byPeriod(siteId, userId, periodId);
    const s = row ? stateOf(row) : emptyState();
    return {
      currentPosition: s.currentPosition,
      watchedUntil: watchedUntil(s.ranges),
      isFinish: s.isFinish,
      percent: s.percent,
    };
  }

  /** Whether the user has studied any lesson of the course before (to count a course's learners). */
  hasStudied(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean> {
    return this.repo.hasStudied(siteId, userId, courseId);
  }

  /** Every lesson's progress in a course, the mean over the course and the lesson to continue with. */
  async courseProgress(siteId: bigint, userId: bigint, courseId: bigint): Promise<TCourseProgress> {
    const v = await this.courses.viewBase(siteId, courseId);
    if (!v) throw notFound('课程');
    const list = await this.periodsOf(siteId, userId, courseId);
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
    const out = new Map<bigint, { studyPercent: number; lastPeriodId: string; lastStudyTime: string }>();
    for (const c of courses) {
      const s = sums.get(c.id);
      out.set(c.id, {
        studyPercent: courseMean([s?.percentSum ?? 0], c.periodTotal),
        lastPeriodId: s ? String(s.lastPeriodId) : '',
        lastStudyTime: s ? formatTime(s.lastStudyAt) : '',
      });
    }
    return out;
  }

  /**
   * Each user's progress percent in each course (the mean over its lessons, as "my courses" shows it), keyed
   * `userId:courseId`; a class's summary.
   */
  async progressOf(siteId: bigint, userIds: bigint[], courses: { id: bigint; periodTotal: number }[]) {
    const sums = await this.repo.percentSums(
      siteId,
      userIds,
      courses.map((c) => c.id),
    );
    const total = new Map(courses.map((c) => [c.id, c.periodTotal]));
    return new Map(
      sums.map((s) => [`${s.userId}:${s.courseId}`, courseMean([s.percentSum], total.get(s.courseId) ?? 0)]),
    );
  }

  /**
   * How many of the users studied a lesson of the courses in [from, to): a lesson's row keeps only its last write,
   * so this is exact for today and, for an earlier day, misses those who studied the same lessons again since.
   */
  async studiedCount(siteId: bigint, userIds: bigint[], courseIds: bigint[], from: Date, to: Date): Promise<number> {
    return (await this.repo.studiedIn(siteId, userIds, courseIds, from, to)).length;
  }

  /** The lessons studied most recently (/account/study). */
  async records(siteId: bigint, userId: bigint, q: TPageQuery & { courseId?: string }): Promise<Page<TStudyRecord>> {
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
   * their percents; per learner, their sums and each lesson.
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

  /** Resolves when no report waits to be written (graceful stop, tests). */
  flush(): Promise<void> {
    return this.buffer.flush();
  }

  stop(): Promise<void> {
    return this.buffer.stop();
  }

  /** Lessons with reports not yet written: reports waiting for their answer. */
  pendingCount(): number {
    return this.buffer.pending;
  }

  /** Accepted reports stored for a site (or one user). */
  reportTotal(siteId: bigint, userId?: bigint): Promise<number> {
    return this.repo.reportTotal(siteId, userId);
  }

  /**
   * Checks access first (a refusal stops the report; answered from memory nearly always, see PeriodAccessCache),
   * then changes the lesson's state with the lesson's current facts; resolves once that state is stored.
   */
  private async update(siteId: bigint, userId: bigint, periodId: bigint, mutate: Change): Promise<Entry> {
    const period = await this.access.access(siteId, userId, periodId);
    const facts = { duration: period.videoDuration, maxRate: period.speedDouble === 1 ? 2 : 1, isDoc: period.isDoc };
    return this.buffer.apply(
      ProgressBuffer.key(siteId, userId, periodId),
      async () => {
        const row = await this.repo.byPeriod(siteId, userId, periodId);
        return {
          siteId,
          userId,
          periodId,
          courseId: period.courseId,
          chapterId: period.chapterId,
          facts,
          state: row ? stateOf(row) : emptyState(),
          stored: row ? row.reportCount : null,
        };
      },
      (e) => {
        e.courseId = period.courseId;
        e.chapterId = period.chapterId;
        e.facts = facts;
        return mutate(e);
      },
    );
  }

  /** The user's lessons of a course, as stored. */
  private async periodsOf(siteId: bigint, userId: bigint, courseId: bigint): Promise<PeriodProgress[]> {
    const rows = await this.repo.byCourse(siteId, userId, courseId);
    return rows.map((r) => ({
      periodId: r.periodId,
      chapterId: r.chapterId,
      courseId,
      state: stateOf(r),
      at: r.gmtModified.getTime(),
    }));
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
    e.facts.duration,
  );
