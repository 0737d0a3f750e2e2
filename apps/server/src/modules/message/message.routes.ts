import * as c from '#contract/message.ts';
import type { Router } from '../../platform/http/route.ts';
import type { MessageService } from './message.service.ts';
import type { MessageAdminService } from './message-admin.service.ts';

export function messageRoutes(on: Router, messages: MessageService, admin: MessageAdminService): void {
  on(c.msgUserList, ({ site, actor, body }) => messages.list(site.id, actor.id, body));
  on(c.msgUserRead, ({ site, actor, body }) => messages.read(site.id, actor.id, body.id));
  on(c.msgUserNum, ({ site, actor }) => messages.unread(site.id, actor.id));
  on(c.msgUserReadAll, ({ site, actor }) => messages.readAll(site.id, actor.id));
  on(c.msgUserBatchDelete, ({ site, actor, body }) => messages.remove(site.id, actor.id, body.ids));

  on(c.adminMsgPage, ({ site, body }) => admin.page(site.id, body));
  on(c.adminMsgSave, ({ site, actor, body }) => admin.create(site.id, actor.id, body));
  on(c.adminMsgDelete, ({ site, body }) => admin.withdraw(site.id, body.id));
}
