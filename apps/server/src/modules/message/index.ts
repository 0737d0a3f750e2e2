import type { ModuleContext } from '../module.ts';
import type { UserService } from '../user/user.service.ts';
import { MessageService } from './message.service.ts';
import { MessageAdminService } from './message-admin.service.ts';
import { messageRoutes } from './message.routes.ts';

export interface MessageDeps {
  users: UserService;
}
export type MessageServices = ReturnType<typeof registerMessage>;

/** Site messages: a user's inbox and the administrator's sending, timed or at once. */
export function registerMessage({ on, p }: ModuleContext, { users }: MessageDeps) {
  const messages = new MessageService(p, users);
  const messageAdmin = new MessageAdminService(messages, users);
  messageRoutes(on, messages, messageAdmin);
  return { messages, messageAdmin };
}
