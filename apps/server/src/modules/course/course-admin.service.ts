import type { TPageQuery } from '#contract/call.ts';
import type { TUserCourseGrant } from '#contract/course-learn.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { parseShanghaiTime } from '../../platform/time.ts';
import type { UserService } from '../user/user.service.ts';
import type { CourseService } from './course.service.ts';
import { BuyType, type EntitlementService } from './entitlement.service.ts';
import { presentCourseAdmin, presentGrant } from './course.presenter.ts';

/** Administrators: the course list, and giving or taking back a user's access to a course (buyType 2). */
export class CourseAdminService {
  private readonly courses: CourseService;
  private readonly entitlement: EntitlementService;
  private readonly users: UserService;
  constructor(courses: CourseService, entitlement: EntitlementService, users: UserService) {
    this.courses = courses;
    this.entitlement = entitlement;
    this.users = users;
  }

  async coursePage(siteId: bigint, q: TPageQuery & { courseName: string; courseType?: number; isPutaway?: number }) {
    const { rows, total } = await this.courses.rows.adminPage(siteId, q);
    return toPage(rows, total, q, presentCourseAdmin);
  }

  async grants(siteId: bigint, q: TPageQuery & { courseId?: string; mobile: string }): Promise<Page<TUserCourseGrant>> {
    let userId: bigint | undefined;
    if (q.mobile) {
      const u = await this.users.findByMobile(siteId, q.mobile);
      if (!u) return toPage([], 0, q, () => null as never);
      userId = u.id;
    }
    const { rows, total } = await this.entitlement.rows.adminPage(siteId, { ...q, userId });
    const users = await this.users.briefs(siteId, [...new Set(rows.map((r) => r.uc.userId))]);
    return toPage(rows, total, q, (r) => presentGrant(r.uc, r.courseName, users.get(r.uc.userId)));
  }

  async grant(
    siteId: bigint,
    adminId: bigint,
    input: { mobile: string; courseId: string; expireTime: string },
  ): Promise<TUserCourseGrant> {
    const u = await this.users.findByMobile(siteId, input.mobile);
    if (!u) throw fail('该手机号尚未注册，请让用户先注册');
    const expireAt = input.expireTime ? parseShanghaiTime(input.expireTime) : null;
    if (input.expireTime && !expireAt) throw fail('有效期格式应为 YYYY-MM-DD HH:mm:ss');
    if (expireAt && expireAt.getTime() <= Date.now()) throw fail('有效期必须晚于现在');
    const c = await this.courses.viewBase(siteId, BigInt(input.courseId));
    if (!c) throw notFound('课程');
    const row = await this.entitlement.grant(siteId, u.id, BigInt(input.courseId), BuyType.ADMIN, expireAt, adminId);
    return presentGrant(row, c.courseName, u);
  }

  async revoke(siteId: bigint, id: string): Promise<null> {
    await this.entitlement.revoke(siteId, BigInt(id));
    return null;
  }
}
