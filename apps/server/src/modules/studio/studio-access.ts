import { CourseAuditStatus } from '#contract/studio.ts';
import type { Platform } from '../../platform/context.ts';
import type { UserService } from '../user/user.service.ts';
import { mustBeLecturer, ownChapter, ownCourse, ownPeriod } from './studio.policy.ts';
import { studioRepo, type CourseAuditRow, type StudioRepo } from './studio.repo.ts';

/** Loads what studio.policy.ts decides on: the user, and a draft with the course it belongs to. */
export class StudioAccess {
  readonly repo: StudioRepo;
  private readonly users: UserService;
  constructor(p: Platform, users: UserService) {
    this.repo = studioRepo(p.db);
    this.users = users;
  }

  async lecturer(siteId: bigint, userId: bigint): Promise<void> {
    mustBeLecturer(await this.users.brief(siteId, userId));
  }

  async ownCourse(siteId: bigint, userId: bigint, courseId: bigint): Promise<CourseAuditRow> {
    await this.lecturer(siteId, userId);
    return ownCourse(await this.repo.course(siteId, courseId), userId);
  }

  async ownChapter(siteId: bigint, userId: bigint, chapterId: bigint) {
    await this.lecturer(siteId, userId);
    const chapter = await this.repo.chapter(siteId, chapterId);
    const course = chapter && (await this.repo.course(siteId, chapter.courseId));
    return ownChapter(chapter, course, userId);
  }

  async ownPeriod(siteId: bigint, userId: bigint, periodId: bigint) {
    await this.lecturer(siteId, userId);
    const period = await this.repo.period(siteId, periodId);
    const course = period && (await this.repo.course(siteId, period.courseId));
    return ownPeriod(period, course, userId);
  }

  /** Any change to a draft takes it out of the queue (or off "approved"): it must be submitted again. */
  async edited(siteId: bigint, course: CourseAuditRow): Promise<void> {
    if (course.auditStatus !== CourseAuditStatus.EDITING)
      await this.repo.markEdited(siteId, course.id, CourseAuditStatus.EDITING);
  }
}
