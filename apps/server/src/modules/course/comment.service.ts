import type { TPageQuery } from '#contract/call.ts';
import type { TCourseComment } from '#contract/course-learn.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import type { CourseService } from './course.service.ts';
import { commentRepo, type CommentRepo } from './comment.repo.ts';
import { presentComment } from './course.presenter.ts';
import { isCommentAuthor, mayDeleteComment, mayDeleteListed } from './course.policy.ts';
import { LocalCache, versioned } from '../../platform/local-cache.ts';

const DAILY_LIMIT = 50;
const DAY_MS = 24 * 60 * 60_000;
// Every course page shows the first page of its comments; a new or deleted comment drops them at once, in every
// process (through the memo), so the cache only saves reading unchanged pages again.
const PAGE_TTL_MS = 30_000;
const PAGE_CACHE_SIZE = 10_000;

type CommentPage = Awaited<ReturnType<CommentRepo['page']>>;

/** Course comments: anyone signed in may comment on a listed course; its author or the course's lecturer deletes. */
export class CommentService {
  private readonly p: Platform;
  private readonly repo: CommentRepo;
  private readonly courses: CourseService;
  private readonly users: UserService;
  private readonly pages = new LocalCache<string, Promise<{ version: object; value: CommentPage }>>({
    ttlMs: PAGE_TTL_MS,
    max: PAGE_CACHE_SIZE,
  });
  constructor(p: Platform, courses: CourseService, users: UserService) {
    this.p = p;
    this.repo = commentRepo(p.db);
    this.courses = courses;
    this.users = users;
  }

  async save(
    siteId: bigint,
    userId: bigint,
    input: { courseId: string; commentText: string; parentId?: string },
  ): Promise<TCourseComment> {
    const c = await this.listedCourse(siteId, BigInt(input.courseId));
    let parentId: bigint | null = null;
    if (input.parentId) {
      const parent = await this.repo.byId(siteId, BigInt(input.parentId));
      if (!parent || parent.courseId !== c.id) throw fail('要回复的评论不存在或已删除');
      parentId = parent.parentId ?? parent.id; // replies stay one level deep, under the first comment
    }
    const n = await this.p.cache.kv.incr(`course-comment:${siteId}:${userId}`, DAY_MS);
    if (n > DAILY_LIMIT) throw fail(`每天最多发表 ${DAILY_LIMIT} 条评论，请明天再试`);
    const row = await this.repo.insert(siteId, c.id, userId, input.commentText, parentId);
    await Promise.all([this.changed(siteId, c.id), this.courses.commented(siteId, c.id)]);
    return presentComment(row, (await this.users.briefs(siteId, [userId])).get(userId), true);
  }

  /** Newest first; `readerId` marks what the reader may delete (null for visitors). */
  async page(
    siteId: bigint,
    readerId: bigint | null,
    q: TPageQuery & { courseId: string },
  ): Promise<Page<TCourseComment>> {
    const c = await this.listedCourse(siteId, BigInt(q.courseId));
    // most courses have no comments: their kept page says so, and every page of them is empty without a read
    const { rows, total } = c.hasComments ? await this.rowsOf(siteId, c.id, q) : { rows: [], total: 0 };
    const users = await this.users.briefs(siteId, [...new Set(rows.map((r) => r.userId))]);
    const isLecturer = readerId !== null && BigInt(c.lecturerUserId) === readerId;
    return toPage(rows, total, q, (r) =>
      presentComment(r, users.get(r.userId), mayDeleteListed(r.userId, readerId, isLecturer)),
    );
  }

  async remove(siteId: bigint, userId: bigint, id: string): Promise<null> {
    const row = await this.repo.byId(siteId, BigInt(id));
    if (!row) throw notFound('评论');
    if (!isCommentAuthor(row, userId)) mayDeleteComment(row, await this.courses.viewBase(siteId, row.courseId), userId);
    await this.repo.remove(siteId, row.id);
    await this.changed(siteId, row.courseId);
    return null;
  }

  private async rowsOf(siteId: bigint, courseId: bigint, q: TPageQuery): Promise<CommentPage> {
    const version = await this.versionOf(siteId, courseId);
    return versioned(this.pages, `${siteId}:${courseId}:${q.pageCurrent}:${q.pageSize}`, version, () =>
      this.repo.page(siteId, courseId, q),
    );
  }

  /** A token per course's comments: invalidating it drops every cached page of them, here and in other processes. */
  private versionOf(siteId: bigint, courseId: bigint): Promise<object> {
    return this.p.cache.memo.get(`course:comments:${siteId}:${courseId}`, async () => ({}));
  }

  private changed(siteId: bigint, courseId: bigint): Promise<void> {
    return this.p.cache.memo.invalidate(`course:comments:${siteId}:${courseId}`);
  }

  private async listedCourse(siteId: bigint, courseId: bigint) {
    const c = await this.courses.viewBase(siteId, courseId);
    if (!c || c.isPutaway !== 1) throw notFound('课程');
    return { id: courseId, lecturerUserId: c.lecturerUserId, hasComments: c.hasComments };
  }
}
