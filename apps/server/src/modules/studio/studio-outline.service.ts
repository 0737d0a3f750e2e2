import type { FastifyRequest } from 'fastify';
import { Id, type TPageQuery } from '#contract/call.ts';
import type { TChapterAudit, TPeriodAudit } from '#contract/studio.ts';
import type { TVodVideo } from '#contract/vod.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Page } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import type { CoursePublishService } from '../course/course-publish.service.ts';
import type { VodService } from '../vod/vod.service.ts';
import type { VideoUploadService } from '../vod/upload.service.ts';
import type { StudioAccess } from './studio-access.ts';
import { presentOutline, presentPeriodAudit } from './studio.presenter.ts';
import type { PeriodAuditRow } from './studio.repo.ts';

interface ChapterFields {
  chapterName: string;
  chapterDesc: string;
  isFree: number;
}
interface PeriodFields {
  periodName: string;
  periodDesc: string;
  isFree: number;
}

/** The order sent must list exactly the items there are now, each once. */
function checkOrder(current: bigint[], wanted: string[], what: string): bigint[] {
  const ids = wanted.map((s) => BigInt(s));
  const same =
    ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) throw fail(`${what}列表已变化，请刷新页面后重新排序`);
  return ids;
}

/** Chapters and lessons of a draft, the video of each lesson, and the lecturer's video library. */
export class StudioOutlineService {
  private readonly access: StudioAccess;
  private readonly vod: VodService;
  private readonly publisher: CoursePublishService;
  private readonly uploads: VideoUploadService;
  constructor(access: StudioAccess, vod: VodService, publisher: CoursePublishService, uploads: VideoUploadService) {
    this.access = access;
    this.vod = vod;
    this.publisher = publisher;
    this.uploads = uploads;
  }

  private get repo() {
    return this.access.repo;
  }

  private videosOf(siteId: bigint, userId: bigint, periods: PeriodAuditRow[]): Promise<Map<bigint, TVodVideo>> {
    return this.vod.ownVideos(
      siteId,
      userId,
      periods.flatMap((p) => (p.videoId ? [p.videoId] : [])),
    );
  }

  async outline(siteId: bigint, userId: bigint, courseId: bigint): Promise<TChapterAudit[]> {
    await this.access.ownCourse(siteId, userId, courseId);
    const [chapters, periods] = await Promise.all([
      this.repo.chapters(siteId, courseId),
      this.repo.periodsOfCourse(siteId, courseId),
    ]);
    return presentOutline(chapters, periods, await this.videosOf(siteId, userId, periods));
  }

  async saveChapter(siteId: bigint, userId: bigint, courseId: bigint, f: ChapterFields): Promise<TChapterAudit> {
    const course = await this.access.ownCourse(siteId, userId, courseId);
    const row = await this.repo.insertChapter({
      id: newId(),
      siteId,
      courseId,
      ...f,
      sort: await this.repo.nextChapterSort(siteId, courseId),
    });
    await this.access.edited(siteId, course);
    return presentOutline([row], [], new Map())[0]!;
  }

  async updateChapter(siteId: bigint, userId: bigint, id: bigint, f: ChapterFields): Promise<TChapterAudit> {
    const { course } = await this.access.ownChapter(siteId, userId, id);
    const row = await this.repo.updateChapter(siteId, id, f);
    await this.access.edited(siteId, course);
    const periods = await this.repo.periodsOfChapter(siteId, id);
    return presentOutline([row!], periods, await this.videosOf(siteId, userId, periods))[0]!;
  }

  async removeChapter(siteId: bigint, userId: bigint, id: bigint): Promise<null> {
    const { course } = await this.access.ownChapter(siteId, userId, id);
    await this.repo.removeChapter(siteId, id);
    await this.access.edited(siteId, course);
    return null;
  }

  async sortChapters(siteId: bigint, userId: bigint, courseId: bigint, order: string[]): Promise<TChapterAudit[]> {
    const course = await this.access.ownCourse(siteId, userId, courseId);
    const chapters = await this.repo.chapters(siteId, courseId);
    await this.repo.sort(
      'chapter',
      siteId,
      checkOrder(
        chapters.map((c) => c.id),
        order,
        '章节',
      ),
    );
    await this.access.edited(siteId, course);
    return this.outline(siteId, userId, courseId);
  }

  async periods(siteId: bigint, userId: bigint, chapterId: bigint): Promise<TPeriodAudit[]> {
    await this.access.ownChapter(siteId, userId, chapterId);
    const periods = await this.repo.periodsOfChapter(siteId, chapterId);
    const videos = await this.videosOf(siteId, userId, periods);
    return periods.map((p) => presentPeriodAudit(p, videos));
  }

  async savePeriod(siteId: bigint, userId: bigint, chapterId: bigint, f: PeriodFields): Promise<TPeriodAudit> {
    const { chapter, course } = await this.access.ownChapter(siteId, userId, chapterId);
    const row = await this.repo.insertPeriod({
      id: newId(),
      siteId,
      courseId: course.id,
      chapterId: chapter.id,
      ...f,
      sort: await this.repo.nextPeriodSort(siteId, chapterId),
    });
    await this.access.edited(siteId, course);
    return presentPeriodAudit(row, new Map());
  }

  async updatePeriod(siteId: bigint, userId: bigint, id: bigint, f: PeriodFields): Promise<TPeriodAudit> {
    const { course } = await this.access.ownPeriod(siteId, userId, id);
    const row = await this.repo.updatePeriod(siteId, id, f);
    await this.access.edited(siteId, course);
    return presentPeriodAudit(row!, await this.videosOf(siteId, userId, [row!]));
  }

  async removePeriod(siteId: bigint, userId: bigint, id: bigint): Promise<null> {
    const { course } = await this.access.ownPeriod(siteId, userId, id);
    await this.repo.removePeriod(siteId, id);
    await this.access.edited(siteId, course);
    return null;
  }

  async sortPeriods(siteId: bigint, userId: bigint, chapterId: bigint, order: string[]): Promise<TPeriodAudit[]> {
    const { course } = await this.access.ownChapter(siteId, userId, chapterId);
    const periods = await this.repo.periodsOfChapter(siteId, chapterId);
    await this.repo.sort(
      'period',
      siteId,
      checkOrder(
        periods.map((p) => p.id),
        order,
        '课时',
      ),
    );
    await this.access.edited(siteId, course);
    return this.periods(siteId, userId, chapterId);
  }

  async periodVideo(
    siteId: bigint,
    userId: bigint,
    periodId: bigint,
  ): Promise<{ periodId: string; video: TVodVideo | null }> {
    const { period } = await this.access.ownPeriod(siteId, userId, periodId);
    const videos = await this.videosOf(siteId, userId, [period]);
    return { periodId: String(period.id), video: (period.videoId && videos.get(period.videoId)) || null };
  }

  /** Shows one of the lecturer's own videos in a lesson draft ('' removes it); the length follows when ready. */
  async setPeriodVideo(
    siteId: bigint,
    userId: bigint,
    periodId: bigint,
    videoId: string,
  ): Promise<{ periodId: string; video: TVodVideo | null }> {
    const { course } = await this.access.ownPeriod(siteId, userId, periodId);
    let video: TVodVideo | null = null;
    if (videoId) {
      video = (await this.vod.ownVideos(siteId, userId, [BigInt(videoId)])).get(BigInt(videoId)) ?? null;
      if (!video) throw fail('视频不存在或已删除，请重新选择或上传');
    }
    await this.repo.updatePeriod(siteId, periodId, {
      videoId: video ? BigInt(video.id) : null,
      videoDuration: video?.durationSec ?? 0,
    });
    await this.access.edited(siteId, course);
    return { periodId: String(periodId), video };
  }

  /** A ready video's length goes onto the lesson drafts showing it (the published side has its own listener). */
  onVideoReady(siteId: bigint, videoId: bigint, durationSec: number): Promise<void> {
    return this.repo.setVideoDuration(siteId, videoId, Math.max(0, Math.round(durationSec)));
  }

  async videos(siteId: bigint, userId: bigint, q: TPageQuery & { videoName: string }): Promise<Page<TVodVideo>> {
    await this.access.lecturer(siteId, userId);
    return this.vod.page(siteId, userId, q);
  }

  async videoRefs(siteId: bigint, userId: bigint, videoId: bigint) {
    await this.access.lecturer(siteId, userId);
    await this.vod.view(siteId, userId, videoId);
    const [drafts, published] = await Promise.all([
      this.repo.videoRefs(siteId, [videoId]),
      this.publisher.videoRefs(siteId, [videoId]),
    ]);
    const show = (r: (typeof drafts)[number], isPublished: number) => ({
      courseId: String(r.courseId),
      courseName: r.courseName,
      chapterName: r.chapterName,
      periodId: String(r.periodId),
      periodName: r.periodName,
      isPublished,
    });
    return [...drafts.map((r) => show(r, 0)), ...published.map((r) => show(r, 1))];
  }

  async removeVideo(siteId: bigint, userId: bigint, videoId: bigint): Promise<null> {
    const refs = await this.videoRefs(siteId, userId, videoId);
    const live = refs.find((r) => r.isPublished === 1);
    if (live)
      throw fail(
        `视频正在已发布课程《${live.courseName}》的课时“${live.periodName}”中播放，不能删除：请先在课程草稿中更换该课时的视频，审核通过后再删除`,
      );
    if (refs.length) throw fail(`视频正被课时“${refs[0]!.periodName}”使用，请先在课时中更换或移除后再删除`);
    await this.vod.remove(siteId, userId, videoId);
    return null;
  }

  /** A whole video in one request (/course/auth/vod/upload); with `periodId` (sent before the file) it goes into that lesson draft. */
  async uploadVideo(siteId: bigint, userId: bigint, req: FastifyRequest) {
    let periodId: bigint | undefined;
    const { video } = await this.uploads.whole(siteId, userId, req, async (fields) => {
      if (fields.periodId === undefined || fields.periodId === '') return;
      const id = Id.safeParse(fields.periodId);
      if (!id.success) throw fail('课时 ID 格式不正确');
      periodId = (await this.access.ownPeriod(siteId, userId, BigInt(id.data))).period.id;
    });
    if (periodId) await this.setPeriodVideo(siteId, userId, periodId, video.id);
    return { periodId: periodId ? String(periodId) : '', vid: video.id, videoName: video.videoName, video };
  }
}
