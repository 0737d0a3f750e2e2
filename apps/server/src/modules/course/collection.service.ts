import type { TPageQuery } from '#contract/call.ts';
import type { TCourseBrief } from '#contract/course.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import type { CourseService } from './course.service.ts';
import { collectionRepo, type CollectionRepo } from './collection.repo.ts';
import { presentCourseBrief } from './course.presenter.ts';

/** A user's favourite courses (/account/collection). */
export class CollectionService {
  private readonly repo: CollectionRepo;
  private readonly courses: CourseService;
  constructor(p: Platform, courses: CourseService) {
    this.repo = collectionRepo(p.db);
    this.courses = courses;
  }

  async save(siteId: bigint, userId: bigint, courseId: string): Promise<{ isCollect: number }> {
    const c = await this.courses.viewBase(siteId, BigInt(courseId));
    if (!c || c.isPutaway !== 1) throw notFound('课程');
    await this.repo.add(siteId, userId, BigInt(courseId));
    return { isCollect: 1 };
  }

  async remove(siteId: bigint, userId: bigint, courseId: string): Promise<{ isCollect: number }> {
    if (!(await this.repo.remove(siteId, userId, BigInt(courseId)))) throw fail('您还没有收藏该课程');
    return { isCollect: 0 };
  }

  async page(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { courseType?: number },
  ): Promise<Page<TCourseBrief & { collectTime: string }>> {
    const { rows, total } = await this.repo.page(siteId, userId, q, q.courseType);
    const cards = new Map(
      (
        await this.courses.cards(
          siteId,
          rows.map((r) => r.courseId),
        )
      ).map((c) => [c.id, c]),
    );
    const present = rows.filter((r) => cards.has(r.courseId));
    return toPage(present, total, q, (r) => ({
      ...presentCourseBrief(cards.get(r.courseId)!),
      collectTime: formatTime(r.gmtCreate),
    }));
  }
}
