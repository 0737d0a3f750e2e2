import { categoryTypeOfCourse, type TCategoryNode, type TCourseView } from '#contract/course.ts';
import { formatTime } from '../../platform/time.ts';
import type { CourseService } from '../course/course.service.ts';
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
  constructor(repo: StudioRepo, courses: CourseService) {
    this.repo = repo;
    this.courses = courses;
  }

  async view(siteId: bigint, c: CourseAuditRow): Promise<TCourseView> {
    const [chapters, periods, accessories, tree, who] = await Promise.all([
      this.repo.chapters(siteId, c.id),
      this.repo.periodsOfCourse(siteId, c.id),
      this.repo.accessories(siteId, c.id),
      this.courses.categoryTree(siteId, categoryTypeOfCourse(c.courseType)),
      this.courses.lecturerCard(siteId, c.lecturerUserId),
    ]);
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
      chapterList: this.courses.outline(chapters, periods),
      accessoryList: accessories.map((a) => ({
        id: String(a.id),
        accessoryName: a.accessoryName,
        fileSize: a.fileSize,
      })),
      isPay: 0,
    };
  }
}
