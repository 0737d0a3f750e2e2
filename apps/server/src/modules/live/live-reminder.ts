import { z } from 'zod';
import { LiveStatus } from '#contract/live.ts';
import type { Platform } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { defineJob, jobIdField } from '../../platform/jobs.ts';
import { formatTime } from '../../platform/time.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { LiveRepo } from './live.repo.ts';
import type { LiveService } from './live.service.ts';

export const JOB_REMIND_SWEEP = 'live.remind.sweep';
export const JOB_REMIND = 'live.remind';
/** Every minute: the sessions starting soon each get their reminder job. */
export const remindSweepJob = defineJob(JOB_REMIND_SWEEP, z.object({}));
/** One batch of a session's learners, after the user id `after`; the next batch is its own job. */
export const remindJob = defineJob(
  JOB_REMIND,
  z.object({
    siteId: jobIdField,
    sessionId: jobIdField,
    beginAt: jobIdField,
    after: jobIdField,
    /** the start it had, when this is the notice of a session moved after its reminder went out */
    movedFrom: jobIdField.optional(),
  }),
);
export const REMIND_SWEEP_MS = 60_000;
/** Learners are told this long before a session starts. */
export const REMIND_BEFORE_MIN = 30;
export const REMIND_BATCH = 500;
export const REMIND_TITLE = '直播即将开始';
export const MOVED_TITLE = '直播时间调整';

/**
 * The reminder before a session starts: a site message to every learner holding the course. Each session and
 * start time has one job (its dedupe key), and each batch of learners one job after it, written in one transaction,
 * so a learner is told once however often the sweep runs or a job is retried. A session moved to a new time is
 * announced again for that time; when it is moved after its reminder went out, the same learners are told of the
 * new time at once.
 */
export class LiveReminder {
  private readonly p: Platform;
  private readonly repo: LiveRepo;
  private readonly entitlement: EntitlementService;
  private readonly messages: MessageService;
  constructor(p: Platform, repo: LiveRepo, entitlement: EntitlementService, messages: MessageService) {
    this.p = p;
    this.repo = repo;
    this.entitlement = entitlement;
    this.messages = messages;
  }

  /** Registers the jobs and schedules the sweep; every process may schedule it, the slot's key keeps it one. */
  register(live: Pick<LiveService, 'onSessionMoved'>): void {
    live.onSessionMoved((siteId, sessionId, from) => this.moved(siteId, sessionId, from, new Date()));
    const schedule = (inMs: number) => {
      const at = new Date(Date.now() + inMs);
      const slot = Math.floor(at.getTime() / REMIND_SWEEP_MS);
      return this.p.jobs.enqueue(remindSweepJob, {}, { runAt: at, dedupeKey: `${JOB_REMIND_SWEEP}:${slot}` });
    };
    this.p.jobs.register(remindSweepJob, async () => {
      await this.sweep(new Date());
      await schedule(REMIND_SWEEP_MS);
    });
    this.p.jobs.register(remindJob, (job) =>
      this.remindBatch(
        BigInt(job.siteId),
        BigInt(job.sessionId),
        Number(job.beginAt),
        BigInt(job.after),
        job.movedFrom === undefined ? undefined : Number(job.movedFrom),
      ),
    );
    schedule(REMIND_SWEEP_MS).catch((err: unknown) =>
      this.p.log.warn({ err }, 'could not schedule the live reminders'),
    );
  }

  /** Queues the reminder of every session starting within REMIND_BEFORE_MIN of `now`; returns how many it saw. */
  async sweep(now: Date): Promise<number> {
    const due = await this.repo.dueForReminder(now, new Date(now.getTime() + REMIND_BEFORE_MIN * 60_000));
    for (const { s } of due) await this.queueBatch(s.siteId, s.id, s.beginTime.getTime(), '0');
    return due.length;
  }

  /**
   * A session moved from `from`: when its reminder for that time may have gone out (the sweep's window had
   * reached it), its learners are told of the new time now; otherwise the new time's reminder is enough.
   */
  async moved(siteId: bigint, sessionId: bigint, from: Date, now: Date): Promise<void> {
    if (from.getTime() - REMIND_BEFORE_MIN * 60_000 > now.getTime()) return;
    const s = await this.repo.listedOne(siteId, sessionId);
    if (!s) return;
    await this.queueBatch(siteId, sessionId, s.s.beginTime.getTime(), '0', from.getTime());
  }

  async remindBatch(siteId: bigint, sessionId: bigint, beginAt: number, after: bigint, movedFrom?: number) {
    const s = await this.repo.listedOne(siteId, sessionId);
    // moved, started or gone since it was queued: the new time has its own reminder
    if (!s || s.s.liveStatus !== LiveStatus.WAITING || s.s.beginTime.getTime() !== beginAt) return;
    const batch = await this.entitlement.learnerIdsAfter(siteId, s.s.courseId, after, REMIND_BATCH);
    const at = formatTime(s.s.beginTime).slice(0, 16);
    const room = `请准时进入直播间：/preview/live/${s.s.periodId}`;
    const title = movedFrom === undefined ? REMIND_TITLE : MOVED_TITLE;
    const text =
      movedFrom === undefined
        ? `您学习的直播课程《${s.courseName}》的“${s.periodName}”将于 ${at} 开播（约 ${s.s.liveDuration} 分钟），${room}`
        : `您学习的直播课程《${s.courseName}》的“${s.periodName}”开播时间由 ${formatTime(new Date(movedFrom)).slice(0, 16)}` +
          ` 调整为 ${at}（约 ${s.s.liveDuration} 分钟），${room}`;
    const told = batch.filter((id) => id !== s.s.lecturerUserId);
    // a batch is written whole or not at all, so a retried job tells no one twice
    if (told.length)
      await withTransaction(this.p.db, (tx) =>
        this.messages.sendEach(
          siteId,
          told.map((userId) => ({ userId, title, text })),
          tx,
        ),
      );
    if (batch.length < REMIND_BATCH) return;
    await this.queueBatch(siteId, sessionId, beginAt, String(batch.at(-1)), movedFrom);
  }

  private queueBatch(siteId: bigint, sessionId: bigint, beginAt: number, after: string, movedFrom?: number) {
    const moved = movedFrom === undefined ? {} : { movedFrom: String(movedFrom) };
    const kind = movedFrom === undefined ? '' : `moved-${movedFrom}:`;
    return this.p.jobs.enqueue(
      remindJob,
      { siteId: String(siteId), sessionId: String(sessionId), beginAt: String(beginAt), after, ...moved },
      { dedupeKey: `${JOB_REMIND}:${sessionId}:${kind}${beginAt}:${after}` },
    );
  }
}
