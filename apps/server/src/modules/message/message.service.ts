import type { TMsgUser } from '#contract/message.ts';
import type { TPageQuery } from '#contract/call.ts';
import { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { defineJob, jobIdField } from '../../platform/jobs.ts';
import type { Db } from '../../platform/db/client.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import { messageRepo, type MessageRepo, type MsgRow } from './message.repo.ts';
import { presentInboxEntry } from './message.presenter.ts';

/** Everyone's inbox is filled in batches of this many users per job, so one job never runs for long. */
export const FANOUT_BATCH = 1000;
export const JOB_SEND = 'message.send';
export const JOB_FANOUT = 'message.fanout';
/** Delivers a timed message at its send time. */
export const sendJob = defineJob(JOB_SEND, z.object({ siteId: jobIdField, msgId: jobIdField }));
/** Delivers a message to everyone, one batch of users after `after` per job. */
export const fanOutJob = defineJob(JOB_FANOUT, z.object({ siteId: jobIdField, msgId: jobIdField, after: jobIdField }));

/**
 * Site messages: what other domains send to one user, what the administrator sends to one user or to
 * everyone, and each user's inbox (unread count, read, read all, delete).
 */
export class MessageService {
  readonly repo: MessageRepo;
  private readonly p: Platform;
  private readonly users: UserService;
  constructor(p: Platform, users: UserService) {
    this.p = p;
    this.users = users;
    this.repo = messageRepo(p.db);
    p.jobs.register(sendJob, async (job) => this.deliverDue(BigInt(job.siteId), BigInt(job.msgId)));
    p.jobs.register(fanOutJob, async (job) => this.fanOut(BigInt(job.siteId), BigInt(job.msgId), BigInt(job.after)));
  }

  /**
   * A system message to one user, delivered at once (e.g. "your lecturer application was approved"). Given `tx`,
   * it is delivered in the caller's commit (a paid order's messages come with the payment or not at all).
   */
  async send(siteId: bigint, userId: bigint, title: string, text: string, tx?: Db): Promise<void> {
    const repo = tx ? messageRepo(tx) : this.repo;
    const m = await repo.insertMsg(siteId, {
      msgTitle: title,
      msgText: text,
      targetKind: 'user',
      targetUserId: userId,
      sendTime: new Date(),
      isSend: 1,
      createdBy: 'system',
    });
    await repo.deliver(siteId, m.id, [userId]);
  }

  /** Several system messages, each to one user, written together (in the caller's transaction when given one). */
  async sendEach(siteId: bigint, list: { userId: bigint; title: string; text: string }[], tx?: Db): Promise<void> {
    await (tx ? messageRepo(tx) : this.repo).insertDelivered(siteId, list);
  }

  /** Queues delivery at the message's send time; the durable job survives restarts and runs once. */
  async schedule(m: MsgRow): Promise<void> {
    await this.p.jobs.enqueue(
      sendJob,
      { siteId: String(m.siteId), msgId: String(m.id) },
      { runAt: m.sendTime, dedupeKey: `msg-send:${m.id}` },
    );
  }

  async deliverDue(siteId: bigint, msgId: bigint): Promise<void> {
    const m = (await this.repo.startSending(siteId, msgId)) ?? (await this.repo.msgById(siteId, msgId));
    if (!m) return; // withdrawn before its time
    if (m.targetKind === 'user') {
      if (m.targetUserId) await this.repo.deliver(siteId, m.id, [m.targetUserId]);
      return;
    }
    await this.p.jobs.enqueue(
      fanOutJob,
      { siteId: String(siteId), msgId: String(msgId), after: '0' },
      { dedupeKey: `msg-fanout:${msgId}:0` },
    );
  }

  /** One batch of everyone: the active users after `after` in id order, then the next batch as its own job. */
  async fanOut(siteId: bigint, msgId: bigint, after: bigint): Promise<void> {
    if (!(await this.repo.msgById(siteId, msgId))) return;
    const ids = await this.users.activeIdsAfter(siteId, after, FANOUT_BATCH);
    await this.repo.deliver(siteId, msgId, ids);
    if (ids.length === FANOUT_BATCH) {
      const last = ids.at(-1)!;
      await this.p.jobs.enqueue(
        fanOutJob,
        { siteId: String(siteId), msgId: String(msgId), after: String(last) },
        { dedupeKey: `msg-fanout:${msgId}:${last}` },
      );
    }
  }

  async list(siteId: bigint, userId: bigint, q: TPageQuery & { isRead?: number }): Promise<Page<TMsgUser>> {
    const { rows, total } = await this.repo.inboxPage(siteId, userId, q, q.isRead);
    return toPage(rows, total, q, presentInboxEntry);
  }

  async read(siteId: bigint, userId: bigint, id: string): Promise<TMsgUser> {
    const row = await this.repo.inboxEntry(siteId, userId, BigInt(id));
    if (!row) throw notFound('消息');
    if (row.entry.isRead === 0) {
      await this.repo.markRead(siteId, userId, [row.entry.id]);
      return presentInboxEntry({ ...row, entry: { ...row.entry, isRead: 1, readTime: new Date() } });
    }
    return presentInboxEntry(row);
  }

  async unread(siteId: bigint, userId: bigint): Promise<{ num: number }> {
    return { num: await this.repo.unread(siteId, userId) };
  }

  async readAll(siteId: bigint, userId: bigint): Promise<{ count: number }> {
    return { count: await this.repo.markRead(siteId, userId) };
  }

  async remove(siteId: bigint, userId: bigint, ids: string[]): Promise<{ count: number }> {
    const unique = [...new Set(ids)].map((id) => BigInt(id));
    const count = await this.repo.deleteOwn(siteId, userId, unique);
    if (count === undefined) throw fail('部分消息不存在或已删除，请刷新后重试');
    return { count };
  }
}
