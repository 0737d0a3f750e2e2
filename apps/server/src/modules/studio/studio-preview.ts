import { categoryTypeOfCourse, type TCategoryNode, type TCourseView } from '#contract/course.ts';
import { formatTime } from '../../platform/time.ts';
import type { CourseService } from '../course/course.service.ts';
import { presentChapters, presentLecturer } from '../course/course.presenter.ts';
import type { UserService } from '../user/user.service.ts';
import type { StudioRepo, CourseAuditRow } from './studio.repo.ts';

function pathTo(nodes: TCategoryNode[], id: string): { id: string; categoryName: string }[] {
  for (const a of nodes) {
    if (a.id === id) return [{ id: a.id, categoryName: a.categoryName }];
    for (const b of a.childrenList) {
      if (b.id === id) return [a, b].map((n) => ({ id: n.id, categoryName: n.categoryName }));
      for (const c of b.childrenList)
        if (c.id === id) return [a, b, c].map((n) => ({ id: n.id, categoryName: n.categoryName }));
    }
  }
  return [];
}

/** A draft in the shape of the public course page (for /preview/course/:id and the administrator's audit). */
export class StudioPreview {
  private readonly repo: StudioRepo;
  private readonly courses: CourseService;
  private readonly users: UserService;
  constructor(repo: StudioRepo, courses: CourseService, users: UserService) {
    this.repo = repo;
    this.courses = courses;
    this.users = users;
  }

  async view(siteId: bigint, c: CourseAuditRow): Promise<TCourseView> {
    const [chapters, periods, accessories, tree, lecturer, author] = await Promise.all([
      this.repo.chapters(siteId, c.id),
      this.repo.periodsOfCourse(siteId, c.id),
      this.repo.accessories(siteId, c.id),
      this.courses.categoryTree(siteId, categoryTypeOfCourse(c.courseType)),
      this.courses.rows.lecturerOf(siteId, c.lecturerUserId),
      this.users.brief(siteId, c.lecturerUserId),
    ]);
    const who = presentLecturer(c.lecturerUserId, lecturer, author);
    return {
      id: String(c.id),
      courseType: c.courseType,
      courseName: c.courseName,
      courseLogo: c.courseLogo,
      categoryId: String(c.categoryId),
      isFree: c.isFree,
      rulingPrice: c.rulingPrice,
      coursePrice: c.coursePrice,
      isVipFree: c.isVipFree,
      countBuy: 0,
      countStudy: 0,
      periodTotal: periods.length,
      lecturerUserId: String(c.lecturerUserId),
      lecturerName: who.lecturerName,
      gmtCreate: formatTime(c.gmtCreate),
      introduce: c.introduce,
      speedDouble: c.speedDouble,
      speedDrag: c.speedDrag,
      categoryPath: pathTo(tree, String(c.categoryId)),
      lecturer: who,
      chapterList: presentChapters(chapters, periods),
      accessoryList: accessories.map((a) => ({
        id: String(a.id),
        accessoryName: a.accessoryName,
        fileSize: a.fileSize,
      })),
      isPay: 0,
    };
  }
}
