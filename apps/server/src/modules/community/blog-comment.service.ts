import type { TPageQuery } from '#contract/call.ts';
import type { TBlogComment } from '#contract/community-blog.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { MessageService } from '../message/message.service.ts';
import { blogCommentRepo, type BlogCommentRepo } from './blog-comment.repo.ts';
import { presentComment, NO_AUTHOR } from './blog.presenter.ts';
import { mayDeleteComment, mustDeleteComment } from './blog.policy.ts';
import type { BlogService } from './blog.service.ts';
import type { BloggerService } from './blogger.service.ts';
import type { ContentGuard } from './content-guard.ts';

const QUOTE = 40;
const quote = (s: string) => (s.length > QUOTE ? `${s.slice(0, QUOTE)}…` : s);

/** Comments on posts, two levels deep; their authors hear of comments and replies by site message. */
export class BlogCommentService {
  readonly repo: BlogCommentRepo;
  private readonly blogs: BlogService;
  private readonly bloggers: BloggerService;
  private readonly messages: MessageService;
  private readonly guard: ContentGuard;
  constructor(
    p: Platform,
    blogs: BlogService,
    bloggers: BloggerService,
    messages: MessageService,
    guard: ContentGuard,
  ) {
    this.repo = blogCommentRepo(p.db);
    this.blogs = blogs;
    this.bloggers = bloggers;
    this.messages = messages;
    this.guard = guard;
  }

  async save(
    siteId: bigint,
    userId: bigint,
    input: { blogId: string; parentId?: string; content: string },
  ): Promise<TBlogComment> {
    const post = await this.blogs.readable(siteId, input.blogId);
    let parentId: bigint | null = null;
    let replyUserId: bigint | null = null;
    if (input.parentId) {
      const parent = await this.repo.byId(siteId, BigInt(input.parentId));
      if (!parent || parent.blogId !== post.id || parent.isHidden === 1) throw fail('要回复的评论不存在或已删除');
      // a reply to a reply stays under the first-level comment, naming whom it answers
      parentId = parent.parentId ?? parent.id;
      replyUserId = parent.userId;
    }
    await this.guard.checkWords(siteId, [{ label: '评论', text: input.content }]);
    await this.guard.takePostingSlot(siteId, userId, 'blogComment');
    const row = await this.repo.insert(siteId, {
      blogId: post.id,
      userId,
      parentId,
      replyUserId,
      content: input.content,
    });
    await this.blogs.repo.recountComments(siteId, post.id);

    const authors = await this.bloggers.authors(siteId, [userId, ...(replyUserId ? [replyUserId] : [])]);
    const me = authors.get(userId) ?? NO_AUTHOR;
    const notes: { userId: bigint; title: string; text: string }[] = [];
    if (post.userId !== userId) {
      notes.push({
        userId: post.userId,
        title: '博客有新评论',
        text: `${me.nickname} 评论了你的博客《${post.title}》：${quote(input.content)}`,
      });
    }
    if (replyUserId && replyUserId !== userId && replyUserId !== post.userId) {
      notes.push({
        userId: replyUserId,
        title: '评论有新回复',
        text: `${me.nickname} 回复了你在《${post.title}》下的评论：${quote(input.content)}`,
      });
    }
    await this.messages.sendEach(siteId, notes);
    return presentComment(row, authors, true);
  }

  /** First-level comments newest first, each with its replies; `readerId` marks what the reader may delete. */
  async page(siteId: bigint, readerId: bigint | null, q: TPageQuery & { blogId: string }): Promise<Page<TBlogComment>> {
    const post = await this.blogs.readable(siteId, q.blogId);
    const { tops, replies, total } = await this.repo.page(siteId, post.id, q);
    const authors = await this.bloggers.authors(siteId, [
      ...tops.map((c) => c.userId),
      ...replies.flatMap((c) => (c.replyUserId ? [c.userId, c.replyUserId] : [c.userId])),
    ]);
    const may = (uid: bigint) => mayDeleteComment(uid, post.userId, readerId);
    return toPage(tops, total, q, (c) =>
      presentComment(
        c,
        authors,
        may(c.userId),
        replies.filter((r) => r.parentId === c.id).map((r) => presentComment(r, authors, may(r.userId))),
      ),
    );
  }

  async remove(siteId: bigint, userId: bigint | null, id: string): Promise<null> {
    const row = await this.repo.byId(siteId, BigInt(id));
    if (!row) throw notFound('评论');
    if (userId !== null) {
      if (row.isHidden === 1) throw notFound('评论');
      const post = await this.blogs.repo.byId(siteId, row.blogId);
      mustDeleteComment(row.userId, post?.userId ?? 0n, userId);
    }
    await this.repo.remove(siteId, row.id);
    await this.blogs.repo.recountComments(siteId, row.blogId);
    return null;
  }

  async setHidden(siteId: bigint, id: string | bigint, isHidden: number): Promise<null> {
    const row = await this.repo.setHidden(siteId, BigInt(id), isHidden);
    if (!row) throw notFound('评论');
    await this.blogs.repo.recountComments(siteId, row.blogId);
    return null;
  }

  async adminPage(siteId: bigint, q: TPageQuery & { keyword: string; isHidden?: number }) {
    const { rows, total } = await this.repo.admin(siteId, q);
    const authors = await this.bloggers.authors(
      siteId,
      rows.flatMap((r) => (r.c.replyUserId ? [r.c.userId, r.c.replyUserId] : [r.c.userId])),
    );
    return toPage(rows, total, q, (r) => {
      const { replyList: _replies, ...c } = presentComment(r.c, authors, true);
      return { ...c, blogTitle: r.blogTitle ?? '', isHidden: r.c.isHidden };
    });
  }
}
