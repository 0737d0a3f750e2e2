import type { TPageQuery } from '#contract/call.ts';
import { CourseAuditStatus, type TCourseAuditView } from '#contract/studio.ts';
import type { TCourseAuditDiff } from '#contract/studio-admin.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import type { CoursePublishService, CourseRelease } from '../course/course-publish.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { VodPlayService } from '../vod/vod-play.service.ts';
import type { StudioAccess } from './studio-access.ts';
import { courseChanges, outlineChanges } from './studio-diff.ts';
import { studioPicsRepo, type PicAuditRow } from './studio-pics.repo.ts';
import type { StudioPreview } from './studio-preview.ts';
import { presentCourseAudit } from './studio.presenter.ts';
import { studioRepo, type CourseAuditRow, type StudioRepo } from './studio.repo.ts';

/** The pictures of chapters and lessons the draft still has (approval publishes no picture of a removed one). */
const livePics = (pics: PicAuditRow[], chapters: { id: bigint }[], periods: { id: bigint }[]) => {
  const ch = new Set(chapters.map((c) => c.id));
  const pe = new Set(periods.map((p) => p.id));
  return pics.filter((p) => ch.has(p.chapterId) && (p.periodId === null || pe.has(p.periodId)));
};

/**
 * The administrator's side of the course audit: the queue, what a draft would change on the published course,
 * and the decision. Approval publishes the course, its chapters, lessons and files in one transaction; the
 * lecturer is told of every decision.
 */
export class StudioAuditService {
  private readonly p: Platform;
  private readonly repo: StudioRepo;
  private readonly publisher: CoursePublishService;
  private readonly preview: StudioPreview;
  private readonly users: UserService;
  private readonly messages: MessageService;
  private readonly access: StudioAccess;
  private readonly player: VodPlayService;
  constructor(
    p: Platform,
    publisher: CoursePublishService,
    preview: StudioPreview,
    users: UserService,
    messages: MessageService,
    access: StudioAccess,
    player: VodPlayService,
  ) {
    this.p = p;
    this.repo = studioRepo(p.db);
    this.publisher = publisher;
    this.preview = preview;
    this.users = users;
    this.messages = messages;
    this.access = access;
    this.player = player;
  }

  async page(siteId: bigint, q: TPageQuery & { courseName: string; auditStatus: number }) {
    const { rows, total } = await this.repo.queuePage(siteId, q);
    const people = await this.users.briefs(
      siteId,
      rows.map((r) => r.lecturerUserId),
    );
    return toPage(rows, total, q, (r) => ({
      ...presentCourseAudit(r, r.periodTotal),
      lecturerUserId: String(r.lecturerUserId),
      lecturerName: people.get(r.lecturerUserId)?.nickname ?? '',
      submitTime: formatTime(r.submitTime),
    }));
  }

  async view(siteId: bigint, id: bigint): Promise<TCourseAuditDiff> {
    const c = await this.repo.course(siteId, id);
    if (!c) throw notFound('课程');
    const [chapters, periods, accessories, pics, published, draft, lecturer] = await Promise.all([
      this.repo.chapters(siteId, id),
      this.repo.periodsOfCourse(siteId, id),
      this.repo.accessories(siteId, id),
      studioPicsRepo(this.p.db).ofCourse(siteId, id),
      this.publisher.published(siteId, id),
      this.preview.view(siteId, c),
      this.users.brief(siteId, c.lecturerUserId),
    ]);
    return {
      course: {
        ...presentCourseAudit(c, periods.length),
        lecturerUserId: String(c.lecturerUserId),
        lecturerName: draft.lecturer.lecturerName || lecturer.nickname,
      },
      isPublished: published ? 1 : 0,
      fields: courseChanges(published?.course, c),
      items: outlineChanges(published ?? { chapters: [], periods: [], accessories: [], pics: [] }, {
        chapters,
        periods,
        accessories,
        pics: livePics(pics, chapters, periods),
      }),
      draft,
    };
  }

  /** The lecturer checks their own draft against what is on sale before submitting it. */
  async ownChanges(siteId: bigint, userId: bigint, id: bigint): Promise<TCourseAuditDiff> {
    await this.access.ownCourse(siteId, userId, id);
    return this.view(siteId, id);
  }

  /** 1 approves (and publishes), 2 rejects with the opinion the lecturer will read. */
  /** A draft lesson's video, for the reviewer to watch before deciding; whether they may is the vod policy's call. */
  async playPeriod(siteId: bigint, viewer: { kind: 'user' | 'admin'; id: bigint }, periodId: bigint) {
    const period = await this.repo.period(siteId, periodId);
    if (!period) throw fail('课时不存在或已删除');
    if (!period.videoId) throw fail('该课时还没有视频');
    return this.player.playForReview(siteId, viewer, period.videoId);
  }

  async decide(siteId: bigint, id: bigint, auditStatus: 1 | 2, opinion: string): Promise<TCourseAuditView> {
    if (auditStatus === CourseAuditStatus.REJECTED && !opinion) throw fail('请填写不通过的原因，讲师将据此修改');
    const row =
      auditStatus === CourseAuditStatus.APPROVED
        ? await this.approve(siteId, id, opinion)
        : await this.reject(siteId, id, opinion);
    const periods = await this.repo.periodsOfCourse(siteId, id);
    if (auditStatus === CourseAuditStatus.APPROVED) {
      await this.messages.send(
        siteId,
        row.lecturerUserId,
        '课程审核通过',
        `您的课程《${row.courseName}》已审核通过并发布。${opinion ? `审核意见：${opinion}` : ''}`,
      );
    } else {
      await this.messages.send(
        siteId,
        row.lecturerUserId,
        '课程审核未通过',
        `您的课程《${row.courseName}》未通过审核。审核意见：${opinion}。请修改后重新提交。`,
      );
    }
    return presentCourseAudit(row, periods.length);
  }

  private async pending(repo: StudioRepo, siteId: bigint, id: bigint): Promise<CourseAuditRow> {
    const row = await repo.courseForUpdate(siteId, id);
    if (!row) throw notFound('课程');
    if (row.auditStatus !== CourseAuditStatus.PENDING)
      throw fail('该课程不在待审核状态（可能讲师已撤回修改或已被审核），请刷新列表');
    return row;
  }

  private approve(siteId: bigint, id: bigint, opinion: string): Promise<CourseAuditRow> {
    return this.publisher.publish(siteId, id, async (tx: Db) => {
      const repo = studioRepo(tx);
      const c = await this.pending(repo, siteId, id);
      const [chapters, periods, accessories, pics] = await Promise.all([
        repo.chapters(siteId, id),
        repo.periodsOfCourse(siteId, id),
        repo.accessories(siteId, id),
        studioPicsRepo(tx).ofCourse(siteId, id),
      ]);
      const release: CourseRelease = {
        course: {
          id: c.id,
          siteId,
          lecturerUserId: c.lecturerUserId,
          categoryId: c.categoryId,
          courseType: c.courseType,
          courseName: c.courseName,
          courseLogo: c.courseLogo,
          introduce: c.introduce,
          isFree: c.isFree,
          rulingPrice: c.rulingPrice,
          coursePrice: c.coursePrice,
          isVipFree: c.isVipFree,
          speedDouble: c.speedDouble,
          speedDrag: c.speedDrag,
          isPutaway: c.isPutaway,
          sort: c.sort,
        },
        chapters: chapters.map((ch) => ({
          id: ch.id,
          chapterName: ch.chapterName,
          chapterDesc: ch.chapterDesc,
          isFree: ch.isFree,
          sort: ch.sort,
        })),
        periods: periods.map((p) => ({
          id: p.id,
          chapterId: p.chapterId,
          periodName: p.periodName,
          periodDesc: p.periodDesc,
          isFree: p.isFree,
          videoId: p.videoId,
          videoDuration: p.videoDuration,
          docKey: p.docKey,
          docName: p.docName,
          docPages: p.docPages,
          sort: p.sort,
        })),
        accessories: accessories.map((a) => ({
          id: a.id,
          accessoryName: a.accessoryName,
          storageKey: a.storageKey,
          fileSize: a.fileSize,
          sort: a.sort,
        })),
        pics: livePics(pics, chapters, periods).map((p) => ({
          id: p.id,
          chapterId: p.chapterId,
          periodId: p.periodId,
          picName: p.picName,
          picUrl: p.picUrl,
          sort: p.sort,
        })),
      };
      const result = await repo.updateCourse(siteId, id, {
        auditStatus: CourseAuditStatus.APPROVED,
        auditOpinion: opinion,
        isPublished: 1,
      });
      return { release, result: result! };
    });
  }

  private async reject(siteId: bigint, id: bigint, opinion: string): Promise<CourseAuditRow> {
    return withTransaction(this.p.db, async (tx) => {
      const repo = studioRepo(tx);
      await this.pending(repo, siteId, id);
      return (await repo.updateCourse(siteId, id, { auditStatus: CourseAuditStatus.REJECTED, auditOpinion: opinion }))!;
    });
  }
}
