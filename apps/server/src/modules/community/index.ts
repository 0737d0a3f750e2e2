import type { ModuleContext } from '../module.ts';
import type { MessageService } from '../message/message.service.ts';
import type { SystemService } from '../system/system.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { SearchService } from '../search/index.ts';
import { BlogService } from './blog.service.ts';
import { BloggerService } from './blogger.service.ts';
import { BlogFeed } from './blog-feed.ts';
import { BlogCommentService } from './blog-comment.service.ts';
import { blogRoutes } from './blog.routes.ts';
import { blogReportables } from './blog-reportables.ts';
import { registerModeration } from './moderation.register.ts';
import { registerQuestions } from './question.register.ts';
import { communitySearchSources } from './community-search.source.ts';

export interface CommunityDeps {
  users: UserService;
  messages: MessageService;
  system: SystemService;
  search: SearchService;
}
export type CommunityServices = ReturnType<typeof registerCommunity>;

/**
 * The community: blogs and bloggers, questions and answers and the labels they name, and keeping them clean.
 * Moderation comes first: it is the guard every writing service asks, and each kind of content joins its report
 * queue (decision 40).
 */
export function registerCommunity(ctx: ModuleContext, { users, messages, system, search }: CommunityDeps) {
  const { on, p } = ctx;
  const { moderation, reports, sensitiveWords } = registerModeration(ctx, { users });
  const guard = moderation;
  const feed = new BlogFeed(p);
  const bloggers = new BloggerService(p, users, messages, guard, feed);
  const searches = communitySearchSources(p.db, search);
  const blogs = new BlogService(p, bloggers, system, guard, searches.blogs, feed);
  const blogComments = new BlogCommentService(p, blogs, bloggers, messages, guard);
  blogRoutes(on, blogs, bloggers, blogComments);
  const questions = registerQuestions(ctx, { users, messages, guard, search: searches.questions });
  for (const target of [...blogReportables(blogs, blogComments), ...questions.reportables]) moderation.register(target);
  /** The pages whose every read counts a view, as the page cache serves them to visitors without rendering. */
  const countCachedPage = async (siteId: bigint, pathname: string): Promise<void> => {
    const page = /^(?:\/h5)?\/(blog\/article|question\/view)\/(\d{1,19})$/.exec(pathname);
    if (!page) return;
    const id = BigInt(page[2]!);
    if (page[1] === 'blog/article') await blogs.views.view(siteId, id);
    else await questions.questions.countView(siteId, id);
  };
  return {
    countCachedPage,
    moderation,
    reports,
    sensitiveWords,
    blogs,
    feed,
    bloggers,
    blogComments,
    questionLabels: questions.labels,
    questions: questions.questions,
    answers: questions.answers,
  };
}
