import { CourseAuditStatus } from '#contract/studio.ts';
import { UserType } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { noPermission, notFound } from '../../platform/http/errors.ts';
import type { UserService } from '../user/user.service.ts';
import { studioRepo, type CourseAuditRow, type StudioRepo } from './studio.repo.ts';

/**
 * Who may touch a draft: a lecturer (UserType.LECTURER), and only on their own courses. Another lecturer's draft is
 * answered as missing, so ids cannot be probed.
 */
export class StudioAccess {
  readonly repo: StudioRepo;
  private readonly users: UserService;
  constructor(p: Platform, users: UserService) {
    this.repo = studioRepo(p.db);
    this.users = users;
  }

  async lecturer(siteId: bigint, userId: bigint): Promise<void> {
    const u = await this.users.brief(siteId, userId);
    if (u.userType !== UserType.LECTURER) throw noPermission('只有讲师可以管理课程，请先申请成为讲师');
  }

  async ownCourse(siteId: bigint, userId: bigint, courseId: bigint): Promise<CourseAuditRow> {
    await this.lecturer(siteId, userId);
    const row = await this.repo.course(siteId, courseId);
    if (!row || row.lecturerUserId !== userId) throw notFound('课程');
    return row;
  }

  async ownChapter(siteId: bigint, userId: bigint, chapterId: bigint) {
    await this.lecturer(siteId, userId);
    const chapter = await this.repo.chapter(siteId, chapterId);
    const course = chapter && (await this.repo.course(siteId, chapter.courseId));
    if (!chapter || !course || course.lecturerUserId !== userId) throw notFound('章节');
    return { chapter, course };
  }

  async ownPeriod(siteId: bigint, userId: bigint, periodId: bigint) {
    await this.lecturer(siteId, userId);
    const period = await this.repo.period(siteId, periodId);
    const course = period && (await this.repo.course(siteId, period.courseId));
    if (!period || !course || course.lecturerUserId !== userId) throw notFound('课时');
    return { period, course };
  }

  /** Any change to a draft takes it out of the queue (or off "approved"): it must be submitted again. */
  async edited(siteId: bigint, course: CourseAuditRow): Promise<void> {
    if (course.auditStatus !== CourseAuditStatus.EDITING)
      await this.repo.markEdited(siteId, course.id, CourseAuditStatus.EDITING);
  }
}
