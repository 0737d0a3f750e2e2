import type { TPageQuery } from '#contract/call.ts';
import { categoryTypeOfCourse, CourseType, type TCategoryNode, type TCourseView } from '#contract/course.ts';
import {
  CourseAuditStatus,
  type TCourseAuditBrief,
  type TCourseAuditInput,
  type TCourseAuditView,
} from '#contract/studio.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import type { CourseService } from '../course/course.service.ts';
import type { CoursePublishService } from '../course/course-publish.service.ts';
import type { LecturerService } from '../lecturer/lecturer.service.ts';
import type { StudioAccess } from './studio-access.ts';
import type { StudioPreview } from './studio-preview.ts';
import { presentCourseAudit } from './studio.presenter.ts';
import type { CourseAuditRow } from './studio.repo.ts';

/** Every category id of a tree (any level may hold courses). */
function categoryIds(nodes: TCategoryNode[]): Set<string> {
  const out = new Set<string>();
  for (const a of nodes) {
    out.add(a.id);
    for (const b of a.childrenList) {
      out.add(b.id);
      for (const c of b.childrenList) out.add(c.id);
    }
  }
  return out;
}

/**
 * The lecturer's courses in the studio: drafts (create, edit, delete), submitting for audit, the shelf switch of
 * the published course and the preview of the draft.
 */
export class StudioService {
  private readonly access: StudioAccess;
  private readonly courses: CourseService;
  private readonly publisher: CoursePublishService;
  private readonly preview: StudioPreview;
  private readonly lecturers: Pick<LecturerService, 'mustTeachLive'>;
  constructor(
    access: StudioAccess,
    courses: CourseService,
    publisher: CoursePublishService,
    preview: StudioPreview,
    lecturers: Pick<LecturerService, 'mustTeachLive'>,
  ) {
    this.access = access;
    this.courses = courses;
    this.publisher = publisher;
    this.preview = preview;
    this.lecturers = lecturers;
  }

  /** A live course is authored and sent to audit only by a lecturer whose live teaching was granted. */
  private async mayAuthor(siteId: bigint, userId: bigint, ...courseTypes: number[]): Promise<void> {
    if (courseTypes.includes(CourseType.LIVE)) await this.lecturers.mustTeachLive(siteId, userId);
  }

  private get repo() {
    return this.access.repo;
  }

  private async present(siteId: bigint, row: CourseAuditRow): Promise<TCourseAuditView> {
    const periods = await this.repo.periodsOfCourse(siteId, row.id);
    return presentCourseAudit(row, periods.length);
  }

  /** The checked fields of a draft: a category of the course's kind, a price that fits "free" or "paid". */
  private async fields(siteId: bigint, input: TCourseAuditInput) {
    const tree = await this.courses.categoryTree(siteId, categoryTypeOfCourse(input.courseType));
    if (!categoryIds(tree).has(input.categoryId)) throw fail('请选择课程分类（分类不存在或与课程类型不符）');
    const isFree = input.isFree;
    if (!isFree && input.coursePrice <= 0) throw fail('收费课程请填写课程价格（大于 0 元），或设为免费');
    if (input.rulingPrice > 0 && !isFree && input.rulingPrice < input.coursePrice)
      throw fail('划线价应不低于课程价格，不需要可填 0');
    return {
      courseType: input.courseType,
      categoryId: BigInt(input.categoryId),
      courseName: input.courseName,
      courseLogo: input.courseLogo,
      introduce: input.introduce,
      isFree,
      rulingPrice: input.rulingPrice,
      coursePrice: isFree ? 0 : input.coursePrice,
      isVipFree: input.isVipFree,
      speedDouble: input.speedDouble,
      speedDrag: input.speedDrag,
      sort: input.sort,
    };
  }

  async list(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { courseName: string; courseType?: number; auditStatus?: number },
  ): Promise<Page<TCourseAuditBrief>> {
    await this.access.lecturer(siteId, userId);
    const { rows, total } = await this.repo.ownPage(siteId, userId, q);
    return toPage(rows, total, q, (r) => presentCourseAudit(r, r.periodTotal));
  }

  async save(siteId: bigint, userId: bigint, input: TCourseAuditInput): Promise<TCourseAuditView> {
    await this.access.lecturer(siteId, userId);
    await this.mayAuthor(siteId, userId, input.courseType);
    const row = await this.repo.insertCourse({
      id: newId(),
      siteId,
      lecturerUserId: userId,
      ...(await this.fields(siteId, input)),
      auditStatus: CourseAuditStatus.EDITING,
      isPutaway: 1,
    });
    return presentCourseAudit(row, 0);
  }

  async view(siteId: bigint, userId: bigint, id: bigint): Promise<TCourseAuditView> {
    return this.present(siteId, await this.access.ownCourse(siteId, userId, id));
  }

  /** Edits the draft; what is on sale stays as it was until the next approval. */
  async update(siteId: bigint, userId: bigint, id: bigint, input: TCourseAuditInput): Promise<TCourseAuditView> {
    const own = await this.access.ownCourse(siteId, userId, id);
    await this.mayAuthor(siteId, userId, own.courseType, input.courseType);
    const row = await this.repo.updateCourse(siteId, id, {
      ...(await this.fields(siteId, input)),
      auditStatus: CourseAuditStatus.EDITING,
    });
    return this.present(siteId, row!);
  }

  async remove(siteId: bigint, userId: bigint, id: bigint): Promise<null> {
    const row = await this.access.ownCourse(siteId, userId, id);
    if (row.isPublished) throw fail('课程已发布，不能删除；不再销售可以下架');
    await this.repo.removeCourse(siteId, id);
    return null;
  }

  async submit(siteId: bigint, userId: bigint, id: bigint): Promise<TCourseAuditView> {
    const row = await this.access.ownCourse(siteId, userId, id);
    await this.mayAuthor(siteId, userId, row.courseType);
    if (row.auditStatus === CourseAuditStatus.PENDING) throw fail('课程已提交审核，请耐心等待审核结果');
    if (row.auditStatus === CourseAuditStatus.APPROVED) throw fail('课程没有新的修改，无需再次提交审核');
    const periods = await this.repo.periodsOfCourse(siteId, id);
    if (periods.length === 0) throw fail('请至少添加一个章节和一个课时，再提交审核');
    const updated = await this.repo.updateCourse(siteId, id, {
      auditStatus: CourseAuditStatus.PENDING,
      submitTime: new Date(),
      auditOpinion: '',
    });
    return presentCourseAudit(updated!, periods.length);
  }

  /** Puts the published course on or off the shelf; the draft remembers the choice for later approvals. */
  async stand(siteId: bigint, userId: bigint, id: bigint, isPutaway: number): Promise<TCourseAuditView> {
    const row = await this.access.ownCourse(siteId, userId, id);
    if (!row.isPublished) throw fail('课程还未发布：审核通过后才能上架或下架');
    const updated = await this.repo.updateCourse(siteId, id, { isPutaway });
    await this.publisher.setPutaway(siteId, id, isPutaway);
    return this.present(siteId, updated!);
  }

  async previewDraft(siteId: bigint, userId: bigint, id: bigint): Promise<TCourseView> {
    return this.preview.view(siteId, await this.access.ownCourse(siteId, userId, id));
  }
}
