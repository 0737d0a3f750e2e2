import { PICS_PER_ITEM_MAX, type TCoursePic, type TPicAudit } from '#contract/studio-pics.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime } from '../../platform/time.ts';
import type { CourseService } from '../course/course.service.ts';
import type { CoursePublishService } from '../course/course-publish.service.ts';
import type { StudioAccess } from './studio-access.ts';
import { ownPicture } from './studio.policy.ts';
import { studioPicsRepo, type PicAuditRow, type StudioPicsRepo } from './studio-pics.repo.ts';
import type { CourseAuditRow } from './studio.repo.ts';
import { ID_PATTERN } from '#contract/call.ts';

const present = (r: PicAuditRow): TPicAudit => ({
  id: String(r.id),
  courseId: String(r.courseId),
  chapterId: String(r.chapterId),
  periodId: r.periodId ? String(r.periodId) : '',
  picName: r.picName,
  picUrl: r.picUrl,
  sort: r.sort,
  gmtCreate: formatTime(r.gmtCreate),
});

/** The file name the image upload gives a picture: `<yyyymm>/<id>.<ext>` under the site's image folder. */
const UPLOADED_IMAGE = new RegExp(String.raw`^\d{6}/${ID_PATTERN.source.slice(1, -1)}\.(jpg|png|webp|gif)$`);

/**
 * Pictures of chapter and lesson drafts. A picture must be one the site's image upload stored (so it was checked
 * to be an image and is served from our storage); adding or removing one returns the draft to editing.
 */
export class StudioPicsService {
  private readonly p: Platform;
  private readonly access: StudioAccess;
  private readonly courses: CourseService;
  private readonly publisher: CoursePublishService;
  private readonly repo: StudioPicsRepo;
  constructor(p: Platform, access: StudioAccess, courses: CourseService, publisher: CoursePublishService) {
    this.p = p;
    this.access = access;
    this.courses = courses;
    this.publisher = publisher;
    this.repo = studioPicsRepo(p.db);
  }

  async chapterPics(siteId: bigint, userId: bigint, chapterId: bigint): Promise<TPicAudit[]> {
    const { chapter } = await this.access.ownChapter(siteId, userId, chapterId);
    return (await this.repo.list(siteId, chapter.id, null)).map(present);
  }

  async periodPics(siteId: bigint, userId: bigint, periodId: bigint): Promise<TPicAudit[]> {
    const { period } = await this.access.ownPeriod(siteId, userId, periodId);
    return (await this.repo.list(siteId, period.chapterId, period.id)).map(present);
  }

  async saveChapterPic(
    siteId: bigint,
    userId: bigint,
    chapterId: bigint,
    f: { picUrl: string; picName: string },
  ): Promise<TPicAudit> {
    const { chapter, course } = await this.access.ownChapter(siteId, userId, chapterId);
    return this.add(siteId, course, chapter.id, null, f);
  }

  async savePeriodPic(
    siteId: bigint,
    userId: bigint,
    periodId: bigint,
    f: { picUrl: string; picName: string },
  ): Promise<TPicAudit> {
    const { period, course } = await this.access.ownPeriod(siteId, userId, periodId);
    return this.add(siteId, course, period.chapterId, period.id, f);
  }

  /** Deletes a picture of a chapter (`of` 'chapter') or of a lesson ('period'); another's is reported as missing. */
  async remove(siteId: bigint, userId: bigint, id: bigint, of: 'chapter' | 'period'): Promise<null> {
    await this.access.lecturer(siteId, userId);
    const found = await this.repo.one(siteId, id);
    const { course } = ownPicture(found, found && (await this.access.repo.course(siteId, found.courseId)), userId, of);
    await this.repo.remove(siteId, id);
    await this.access.edited(siteId, course);
    return null;
  }

  /** The published pictures of a course on sale, for its learners and visitors. */
  async published(siteId: bigint, courseId: bigint): Promise<TCoursePic[]> {
    const v = await this.courses.viewBase(siteId, courseId);
    if (!v || v.isPutaway !== 1) throw notFound('课程');
    return (await this.publisher.pics(siteId, courseId)).map((r) => ({
      id: String(r.id),
      chapterId: String(r.chapterId),
      periodId: r.periodId ? String(r.periodId) : '',
      picName: r.picName,
      picUrl: r.picUrl,
    }));
  }

  private async add(
    siteId: bigint,
    course: CourseAuditRow,
    chapterId: bigint,
    periodId: bigint | null,
    f: { picUrl: string; picName: string },
  ): Promise<TPicAudit> {
    await this.checkStored(siteId, f.picUrl);
    const { n, maxSort } = await this.repo.count(siteId, chapterId, periodId);
    if (n >= PICS_PER_ITEM_MAX) throw fail(`每个${periodId ? '课时' : '章节'}最多 ${PICS_PER_ITEM_MAX} 张图片`);
    const row = await this.repo.insert({
      id: newId(),
      siteId,
      courseId: course.id,
      chapterId,
      periodId,
      picName: f.picName,
      picUrl: f.picUrl,
      sort: maxSort + 1,
    });
    await this.access.edited(siteId, course);
    return present(row);
  }

  private async checkStored(siteId: bigint, url: string): Promise<void> {
    const folder = `images/${siteId}/`;
    const prefix = this.p.storage.publicUrl(folder);
    const rest = url.startsWith(prefix) ? url.slice(prefix.length) : '';
    if (!UPLOADED_IMAGE.test(rest)) throw fail('请先上传图片，再添加到章节或课时（图片地址不是本站上传的图片）');
    if (!(await this.p.storage.exists(folder + rest))) throw fail('图片不存在或已删除，请重新上传');
  }
}
