import type { ModuleContext } from '../module.ts';
import type { UserService } from '../user/user.service.ts';
import { registerModeration } from './moderation.register.ts';

export interface CommunityDeps {
  users: UserService;
}
export type CommunityServices = ReturnType<typeof registerCommunity>;

/** The community: blogs, questions and answers, and keeping them clean. */
export function registerCommunity(ctx: ModuleContext, { users }: CommunityDeps) {
  const moderation = registerModeration(ctx, { users });
  return { moderation };
}
