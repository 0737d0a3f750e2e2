import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { CourseService } from './course.service.ts';
import { coursePublishRepo, type CourseRelease } from './course-publish.repo.ts';

export type { CourseRelease };

/**
 * The studio's way into the published catalogue: what is on sale now (for the change view), publishing an
 * approved draft in one transaction together with the caller's own writes, and the shelf switch.
 */
export class CoursePublishService {
  private readonly p: Platform;
  private readonly courses: CourseService;
  private readonly indexed: (siteId: bigint, courseId: bigint) => Promise<void>;
  /** `indexed` re-reads a course into the search index: every publish and shelf change reaches it at once. */
  constructor(p: Platform, courses: CourseService, indexed: (siteId: bigint, courseId: bigint) => Promise<void>) {
    this.p = p;
    this.courses = courses;
    this.indexed = indexed;
  }

  /** The published course with its live chapters, lessons and files; undefined when it was never published. */
  published(siteId: bigint, courseId: bigint) {
    return coursePublishRepo(this.p.db).snapshot(siteId, courseId);
  }

  /**
   * Runs `prepare` and then writes the release it returns, all in one transaction: either the caller's changes
   * and the published course all happen, or none does.
   */
  async publish<T>(
    siteId: bigint,
    courseId: bigint,
    prepare: (tx: Db) => Promise<{ release: CourseRelease; result: T }>,
  ): Promise<T> {
    const result = await withTransaction(this.p.db, async (tx) => {
      const { release, result } = await prepare(tx);
      await coursePublishRepo(tx).release(release);
      return result;
    });
    this.courses.forget(siteId, courseId);
    await this.indexed(siteId, courseId);
    return result;
  }

  async setPutaway(siteId: bigint, courseId: bigint, isPutaway: number): Promise<boolean> {
    const done = await coursePublishRepo(this.p.db).setPutaway(siteId, courseId, isPutaway);
    this.courses.forget(siteId, courseId);
    await this.indexed(siteId, courseId);
    return done;
  }

  /** The live pictures of a published course's chapters and lessons. */
  pics(siteId: bigint, courseId: bigint) {
    return coursePublishRepo(this.p.db).pics(siteId, courseId);
  }

  /** Whether a published lesson shows this stored document (the draft's old document must then stay). */
  docInUse(siteId: bigint, docKey: string) {
    return coursePublishRepo(this.p.db).docInUse(siteId, docKey);
  }

  videoRefs(siteId: bigint, videoIds: bigint[]) {
    return coursePublishRepo(this.p.db).videoRefs(siteId, videoIds);
  }
}
