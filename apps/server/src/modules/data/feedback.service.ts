import type { TFeedbackLog } from '#contract/feedback.ts';
import type { TPageQuery } from '#contract/call.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import { feedbackRepo, type FeedbackRepo } from './feedback.repo.ts';
import { presentFeedback, presentFeedbackAdmin } from './feedback.presenter.ts';

const DAILY_LIMIT = 10;
const DAY_MS = 24 * 60 * 60_000;

/** Feedback from users and the administrator's replies, which reach the user as a message too. */
export class FeedbackService {
  private readonly p: Platform;
  private readonly repo: FeedbackRepo;
  private readonly users: UserService;
  private readonly messages: MessageService;
  constructor(p: Platform, users: UserService, messages: MessageService) {
    this.p = p;
    this.repo = feedbackRepo(p.db);
    this.users = users;
    this.messages = messages;
  }

  async save(
    siteId: bigint,
    userId: bigint,
    input: { feedbackType: number; content: string; contact: string; imgUrls: string[] },
  ): Promise<TFeedbackLog> {
    const n = await this.p.cache.kv.incr(`feedback:${siteId}:${userId}`, DAY_MS);
    if (n > DAILY_LIMIT) throw fail(`每天最多提交 ${DAILY_LIMIT} 条反馈，请明天再试`);
    const row = await this.repo.insert(siteId, userId, input);
    return presentFeedback(row);
  }

  async page(siteId: bigint, userId: bigint, q: TPageQuery): Promise<Page<TFeedbackLog>> {
    const { rows, total } = await this.repo.ownPage(siteId, userId, q);
    return toPage(rows, total, q, presentFeedback);
  }

  async adminPage(siteId: bigint, q: TPageQuery & { isReply?: number; content: string }) {
    const { rows, total } = await this.repo.adminPage(siteId, q);
    const users = await this.users.briefs(
      siteId,
      rows.map((r) => r.userId),
    );
    return toPage(rows, total, q, (r) => presentFeedbackAdmin(r, users.get(r.userId)));
  }

  /** A reply can be corrected later; the user is told only about the first one. */
  async reply(siteId: bigint, adminId: bigint, id: string, replyText: string) {
    const before = await this.repo.byId(siteId, BigInt(id));
    if (!before) throw notFound('反馈');
    const row = (await this.repo.reply(siteId, before.id, replyText, adminId))!;
    if (!before.replyTime) {
      const excerpt = before.content.length > 20 ? `${before.content.slice(0, 20)}…` : before.content;
      await this.messages.send(siteId, row.userId, '您的反馈有了回复', `您反馈的“${excerpt}”已收到回复：${replyText}`);
    }
    return presentFeedbackAdmin(row, (await this.users.briefs(siteId, [row.userId])).get(row.userId));
  }
}
