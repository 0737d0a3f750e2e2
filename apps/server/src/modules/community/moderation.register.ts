import type { ModuleContext } from '../module.ts';
import type { UserService } from '../user/user.service.ts';
import { moderationRepo } from './moderation.repo.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { ModerationService } from './moderation.service.ts';
import { ReportService } from './report.service.ts';
import { SensitiveWordService } from './sensitive-word.service.ts';

export interface ModerationDeps {
  users: UserService;
}

/**
 * Keeping the community clean: `moderation` is the `ContentGuard` the writing services are given and the registry
 * their report targets join; `reports` is the administrator's queue.
 */
export function registerModeration({ on, p }: ModuleContext, { users }: ModerationDeps) {
  const moderation = new ModerationService(p, moderationRepo(p.db));
  const reports = new ReportService(moderation, users);
  const sensitiveWords = new SensitiveWordService(moderation);
  moderationRoutes(on, reports, sensitiveWords);
  return { moderation, reports, sensitiveWords };
}
