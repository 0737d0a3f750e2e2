import type { ModuleContext } from '../module.ts';
import type { MessageService } from '../message/message.service.ts';
import type { SystemService } from '../system/system.service.ts';
import type { UserService } from '../user/user.service.ts';
import { BlogService } from './blog.service.ts';
import { BloggerService } from './blogger.service.ts';
import { BlogCommentService } from './blog-comment.service.ts';
import { blogRoutes } from './blog.routes.ts';
import { blogReportables } from './blog-reportables.ts';
import type { ContentGuard, ReportableContent } from './content-guard.ts';

export type { ContentGuard, ReportableContent } from './content-guard.ts';

export interface CommunityDeps {
  users: UserService;
  messages: MessageService;
  system: SystemService;
  /** Sensitive words and posting limits, asked before any community text is stored. */
  guard: ContentGuard;
}
export type CommunityServices = ReturnType<typeof registerCommunity>;

/**
 * The community: blogs, bloggers and their comments and follows. Returns, for the report queue, what each kind of
 * its content offers an administrator (describe, hide, restore).
 */
export function registerCommunity({ on, p }: ModuleContext, { users, messages, system, guard }: CommunityDeps) {
  const bloggers = new BloggerService(p, users, messages, guard);
  const blogs = new BlogService(p, bloggers, system, guard);
  const blogComments = new BlogCommentService(p, blogs, bloggers, messages, guard);
  blogRoutes(on, blogs, bloggers, blogComments);
  const reportables: ReportableContent[] = blogReportables(blogs, blogComments);
  return { blogs, bloggers, blogComments, reportables };
}
