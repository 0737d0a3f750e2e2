import { z } from 'zod';
import type { TGradeDay } from '#contract/grade.ts';
import type { Platform } from '../../platform/context.ts';
import { addDays, dayStart } from '../../platform/day-range.ts';
import { defineJob } from '../../platform/jobs.ts';
import { formatTime } from '../../platform/time.ts';
import { mustManage } from './grade.policy.ts';
import { gradeHistoryRepo, type GradeHistoryRepo } from './grade-history.repo.ts';
import type { GradeSummaryService } from './grade-summary.service.ts';
import type { GradeService } from './grade.service.ts';

export const JOB_GRADE_DAY = 'grade.day';
/** Once a day, shortly after midnight: every live class's figures of the day that just ended. */
export const gradeDayJob = defineJob(JOB_GRADE_DAY, z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }));

/** After midnight (Asia/Shanghai) by this much, so the last progress reports of the day are flushed. */
const AFTER_MIDNIGHT_MS = 10 * 60_000;
/** A day missed while no worker ran is written this long after a process starts. */
const CATCH_UP_MS = 10 * 60_000;
/** Classes read and written per step of the job. */
const BATCH = 200;

const todayOf = (now: Date) => formatTime(now).slice(0, 10);
/** A class is live on a day when it is not disbanded, began before the day ended and had not ended when it began. */
const liveOn = (g: { beginTime: Date; endTime: Date }, day: string) =>
  g.beginTime < dayStart(addDays(day, 1)) && g.endTime > dayStart(day);

/**
 * The summary's chart of progress over time. Progress keeps no history, so a daily job writes each live class's
 * figures of the day just ended into grade_day, once per class and day (decision 53); the chart reads those rows
 * and adds today's point, worked out when it is read, so a new class has a point at once.
 */
export class GradeHistoryService {
  private readonly p: Platform;
  private readonly grades: GradeService;
  private readonly summaries: GradeSummaryService;
  private readonly repo: GradeHistoryRepo;
  constructor(p: Platform, grades: GradeService, summaries: GradeSummaryService) {
    this.p = p;
    this.grades = grades;
    this.summaries = summaries;
    this.repo = gradeHistoryRepo(p.db);
  }

  /**
   * The job writes a day and queues the next one; each day's job has its own dedupe key, so however many
   * processes start, a day is queued once. A start queues tonight's run and, in case no worker ran last night,
   * yesterday's (a no-op when it ran).
   */
  registerJobs(now = new Date()): void {
    this.p.jobs.register(gradeDayJob, async ({ day }) => {
      await this.recordDay(day);
      await this.schedule(addDays(day, 1));
    });
    const today = todayOf(now);
    const yesterdayAt = new Date(Math.max(dayStart(today).getTime() + AFTER_MIDNIGHT_MS, now.getTime() + CATCH_UP_MS));
    Promise.all([this.schedule(today), this.schedule(addDays(today, -1), yesterdayAt)]).catch((err: unknown) =>
      this.p.log.warn({ err }, 'could not schedule the classes’ daily figures'),
    );
  }

  private schedule(day: string, at = new Date(dayStart(addDays(day, 1)).getTime() + AFTER_MIDNIGHT_MS)) {
    return this.p.jobs.enqueue(gradeDayJob, { day }, { runAt: at, dedupeKey: `${JOB_GRADE_DAY}:${day}` });
  }

  /**
   * Writes the day's figures of every class live on it that has none yet; answers how many were written. A class
   * that fails is logged and the job fails after the others, so its retry writes only what is missing.
   */
  async recordDay(day: string): Promise<number> {
    const from = dayStart(day);
    const to = dayStart(addDays(day, 1));
    let after = 0n;
    let written = 0;
    let failed = 0;
    for (;;) {
      const batch = await this.repo.liveWithoutDay(day, from, to, after, BATCH);
      for (const g of batch) {
        try {
          const figures = await this.summaries.figures(g.siteId, g.id, from, to, true);
          if (await this.repo.insertDay(g.siteId, g.id, day, figures)) written++;
        } catch (err) {
          failed++;
          this.p.log.warn({ err, gradeId: String(g.id), day }, 'a class’s daily figures were not written');
        }
      }
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.id;
    }
    if (failed) throw new Error(`${failed} classes’ figures of ${day} were not written`);
    return written;
  }

  /** The teacher's and class admins' chart: the written days of the last `days`, then today's live point. */
  async history(siteId: bigint, userId: bigint, gradeId: bigint, days: number, now = new Date()): Promise<TGradeDay[]> {
    const { g, relation } = await this.grades.withRelation(siteId, gradeId, userId);
    mustManage(relation);
    const today = todayOf(now);
    const rows = await this.repo.days(siteId, gradeId, addDays(today, -(days - 1)), today);
    const out: TGradeDay[] = rows.map((r) => ({
      day: r.day,
      memberCount: r.memberCount,
      meanProgress: r.meanProgress,
      studiedCount: r.studiedCount,
    }));
    if (liveOn(g, today)) {
      const live = await this.summaries.figures(siteId, gradeId, dayStart(today), dayStart(addDays(today, 1)), false);
      out.push({ day: today, ...live });
    }
    return out;
  }
}
