import type { TMsgAdmin } from '#contract/message.ts';
import type { TPageQuery } from '#contract/call.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { parseShanghaiTime } from '../../platform/time.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from './message.service.ts';
import { presentMsgAdmin } from './message.presenter.ts';
import { adminMayWithdraw } from './message.policy.ts';

const MAX_AHEAD_MS = 366 * 24 * 60 * 60_000;
/** A send time a few seconds old (the form was slow) still counts as "now". */
const PAST_GRACE_MS = 60_000;

export interface MsgInput {
  msgTitle: string;
  msgText: string;
  targetKind: 'all' | 'user';
  mobile: string;
  sendTime: string;
}

/** The administrator's messages: to one user (by mobile) or to everyone, now or at a set time. */
export class MessageAdminService {
  private readonly messages: MessageService;
  private readonly users: UserService;
  constructor(messages: MessageService, users: UserService) {
    this.messages = messages;
    this.users = users;
  }

  async page(siteId: bigint, q: TPageQuery & { isSend?: number; msgTitle: string }): Promise<Page<TMsgAdmin>> {
    const { rows, total } = await this.messages.repo.adminPage(siteId, q);
    const targets = await this.users.briefs(
      siteId,
      rows.flatMap((r) => (r.msg.targetUserId ? [r.msg.targetUserId] : [])),
    );
    return toPage(rows, total, q, (r) =>
      presentMsgAdmin(r.msg, r.msg.targetUserId ? (targets.get(r.msg.targetUserId)?.mobile ?? '') : '', r.readCount),
    );
  }

  async create(siteId: bigint, adminId: bigint, input: MsgInput): Promise<TMsgAdmin> {
    const now = Date.now();
    const at = input.sendTime ? parseShanghaiTime(input.sendTime) : new Date(now);
    if (!at) throw fail('发送时间格式应为 YYYY-MM-DD HH:mm:ss');
    if (at.getTime() < now - PAST_GRACE_MS) throw fail('发送时间已过，请选择以后的时间，或留空立即发送');
    if (at.getTime() > now + MAX_AHEAD_MS) throw fail('定时发送最多可设在一年以内');
    let target: { id: bigint; mobile: string } | undefined;
    if (input.targetKind === 'user') {
      const found = await this.users.findByMobile(siteId, input.mobile);
      if (!found) throw fail(`没有找到手机号为 ${input.mobile} 的用户`);
      if (found.statusId !== 1) throw fail('该用户已被停用，不能接收消息');
      target = found;
    }
    const m = await this.messages.repo.insertMsg(siteId, {
      msgTitle: input.msgTitle,
      msgText: input.msgText,
      targetKind: input.targetKind,
      targetUserId: target?.id ?? null,
      sendTime: at,
      createdBy: 'admin',
      adminId,
    });
    // a message to one user due now is delivered in this request, so the user sees it on the next poll
    if (target && at.getTime() <= now) await this.messages.deliverDue(siteId, m.id);
    else await this.messages.schedule(m);
    const fresh = (await this.messages.repo.msgById(siteId, m.id))!;
    return presentMsgAdmin(fresh, target?.mobile ?? '', 0);
  }

  async withdraw(siteId: bigint, id: string): Promise<null> {
    const m = adminMayWithdraw(await this.messages.repo.msgById(siteId, BigInt(id)));
    if (!(await this.messages.repo.deleteUnsent(siteId, m.id))) throw fail('消息已经发出，不能撤回');
    return null;
  }
}
