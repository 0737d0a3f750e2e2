import crypto from 'node:crypto';
import type { TPageQuery } from '#contract/call.ts';
import type { TChapterLearn, TCourseSign, TCourseViewAuth, TMyCourse } from '#contract/course-learn.ts';
import type { TAccessoryBrief } from '#contract/course.ts';
import type { TCourseProgress } from '#contract/study.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import { sanitizeRichText } from '../../platform/html.ts';
import type { CourseService, CourseViewBase } from './course.service.ts';
import type { EntitlementService } from './entitlement.service.ts';
import type { UserCourseRow } from './entitlement.repo.ts';
import { presentCourseBrief, presentPublicView } from './course.presenter.ts';

const DOWNLOAD_TTL_MS = 5 * 60_000;
const DOC_MAX_BYTES = 1024 * 1024;
// long enough to cover the first lesson's first progress report
const LEARNER_MARK_MS = 24 * 60 * 60_000;

export interface DownloadTicket {
  siteId: string;
  accessoryId: string;
  userId: string;
}

/**
 * What the learning pages need of the learners' progress. The data domain's StudyService answers it, handed over
 * by the wiring: data depends on course (a progress report is checked by course's lesson access rule), so course
 * names only this shape and never imports data.
 */
export interface LearningProgress {
  summaries(
    siteId: bigint,
    userId: bigint,
    courses: { id: bigint; periodTotal: number }[],
  ): Promise<Map<bigint, { studyPercent: number; lastPeriodId: string; lastStudyTime: string }>>;
  markRead(siteId: bigint, userId: bigint, periodId: bigint): Promise<void>;
  periodStudy(
    siteId: bigint,
    userId: bigint,
    periodId: bigint,
  ): Promise<{ currentPosition: number; watchedUntil: number; isFinish: number; percent: number }>;
  courseProgress(siteId: bigint, userId: bigint, courseId: bigint): Promise<TCourseProgress>;
  hasStudied(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean>;
}

/**
 * The signed-in learner's course: the personal course page, starting a lesson (the same access rule as
 * playback), the lesson list with progress, downloads, and "my courses".
 */
export class LearnService {
  private readonly p: Platform;
  private readonly courses: CourseService;
  private readonly entitlement: EntitlementService;
  private readonly progress: () => LearningProgress;
  /** `progress` is asked for at each call: the data domain is built after this one. */
  constructor(p: Platform, courses: CourseService, entitlement: EntitlementService, progress: () => LearningProgress) {
    this.p = p;
    this.courses = courses;
    this.entitlement = entitlement;
    this.progress = progress;
  }

  private get study(): LearningProgress {
    return this.progress();
  }

  /** The course page for the signed-in user; a course taken off the shelf stays visible to those entitled. */
  async view(siteId: bigint, userId: bigint, courseId: string): Promise<TCourseViewAuth> {
    const id = BigInt(courseId);
    const v = await this.courses.viewBase(siteId, id);
    if (!v) throw notFound('课程');
    // the entitlement row is read once, for both the rule and the expiry shown; nothing is answered before the rule
    const [{ row, isCollect }, sums] = await Promise.all([
      this.entitlement.forReader(siteId, userId, id),
      this.study.summaries(siteId, userId, [{ id, periodTotal: v.periodTotal }]),
    ]);
    const isPay = await this.mayView(siteId, userId, id, v, { row });
    const s = sums.get(BigInt(courseId));
    return {
      ...presentPublicView(v),
      isPay: isPay ? 1 : 0,
      isCollect: isCollect ? 1 : 0,
      expireTime: this.entitlement.isActive(row) ? formatTime(row!.expireAt) : '',
      studyPercent: s?.studyPercent ?? 0,
      lastPeriodId: s?.lastPeriodId ?? '',
    };
  }

  /** Opens a lesson (the one asked for, else the last studied, else the first) if the user may. */
  async sign(siteId: bigint, userId: bigint, input: { courseId: string; periodId?: string }): Promise<TCourseSign> {
    const courseId = BigInt(input.courseId);
    const v = await this.courses.viewBase(siteId, courseId);
    if (!v) throw notFound('课程');
    const periods = v.chapterList.flatMap((ch) => ch.periodList);
    if (!periods.length) throw fail('该课程还没有课时，请稍后再来');
    let periodId = input.periodId;
    if (periodId && !periods.some((p) => p.id === periodId)) throw fail('课时不存在或不属于该课程');
    if (!periodId) {
      const last = (await this.study.summaries(siteId, userId, [{ id: courseId, periodTotal: periods.length }])).get(
        courseId,
      )?.lastPeriodId;
      periodId = last && periods.some((p) => p.id === last) ? last : periods[0]!.id;
    }
    const a = await this.entitlement.periodAccess(siteId, userId, BigInt(periodId));

    await this.countLearner(siteId, userId, courseId);
    if (a.course.isFree === 1) await this.entitlement.joinFree(siteId, userId, courseId);
    const isDoc = !a.period.videoId && !!a.period.docKey;
    if (isDoc) await this.study.markRead(siteId, userId, a.period.id);
    const doc = a.period.docKey ? await this.readDoc(a.period.docKey) : { docType: '', docText: '' };
    const ps = await this.study.periodStudy(siteId, userId, a.period.id);
    const index = periods.findIndex((p) => p.id === periodId);
    return {
      courseId: String(a.course.id),
      chapterId: String(a.chapter.id),
      periodId: String(a.period.id),
      periodName: a.period.periodName,
      hasVideo: a.period.videoId ? 1 : 0,
      videoDuration: a.period.videoDuration,
      speedDouble: a.course.speedDouble,
      speedDrag: a.course.speedDrag,
      currentPosition: ps.currentPosition,
      watchedUntil: ps.watchedUntil,
      isFinish: ps.isFinish,
      docName: a.period.docName,
      ...doc,
      nextPeriodId: periods[index + 1]?.id ?? '',
    };
  }

  /** The player's side list: chapters a page at a time, each lesson with the user's progress and access. */
  async chapterPage(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { courseId: string },
  ): Promise<Page<TChapterLearn>> {
    const courseId = BigInt(q.courseId);
    const { v, isPay } = await this.visibleCourse(siteId, userId, courseId);
    const progress = new Map(
      (await this.study.courseProgress(siteId, userId, courseId)).periodList.map((p) => [p.periodId, p]),
    );
    const start = (q.pageCurrent - 1) * q.pageSize;
    const chapters = v.chapterList.slice(start, start + q.pageSize);
    return toPage(chapters, v.chapterList.length, q, (ch) => ({
      ...ch,
      periodList: ch.periodList.map((p) => {
        const pr = progress.get(p.id);
        return {
          ...p,
          isPlayable: isPay || v.isFree === 1 || ch.isFree === 1 || p.isFree === 1 ? 1 : 0,
          percent: pr?.percent ?? 0,
          isFinish: pr?.isFinish ?? 0,
          currentPosition: pr?.currentPosition ?? 0,
        };
      }),
    }));
  }

  /** A short-lived link to one accessory, for a user who may study its course. */
  async download(
    siteId: bigint,
    userId: bigint,
    accessoryId: string,
  ): Promise<TAccessoryBrief & { downloadUrl: string; expireTime: string }> {
    const acc = await this.courses.rows.accessoryById(siteId, BigInt(accessoryId));
    if (!acc) throw notFound('附件');
    const v = await this.courses.viewBase(siteId, acc.courseId);
    if (!v) throw notFound('课程');
    if (!(await this.entitlement.canStudyCourse(siteId, userId, acc.courseId))) throw fail('请先购买课程后再下载附件');
    const token = crypto.randomBytes(24).toString('base64url');
    const ticket: DownloadTicket = { siteId: String(siteId), accessoryId: String(acc.id), userId: String(userId) };
    await this.p.cache.kv.set(`accessory-dl:${token}`, ticket, DOWNLOAD_TTL_MS);
    await this.courses.rows.countAccessoryDownload(siteId, acc.id);
    return {
      id: String(acc.id),
      accessoryName: acc.accessoryName,
      fileSize: acc.fileSize,
      downloadUrl: `/apis/course/api/course/accessory/file/${token}`,
      expireTime: formatTime(new Date(Date.now() + DOWNLOAD_TTL_MS)),
    };
  }

  /** Resolves a download link to the stored file; undefined when the link is unknown or expired. */
  async downloadFile(siteId: bigint, token: string): Promise<{ name: string; key: string; size: number } | undefined> {
    if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
    const t = await this.p.cache.kv.get<DownloadTicket>(`accessory-dl:${token}`);
    if (!t || t.siteId !== String(siteId)) return undefined;
    const acc = await this.courses.rows.accessoryById(siteId, BigInt(t.accessoryId));
    return acc ? { name: acc.accessoryName, key: acc.storageKey, size: acc.fileSize } : undefined;
  }

  /** "My courses": every course the user holds, with progress, most recently studied or changed first. */
  async myCourses(siteId: bigint, userId: bigint, q: TPageQuery & { courseType?: number }): Promise<Page<TMyCourse>> {
    const viaGrade = await this.entitlement.heldViaGrade(siteId, userId);
    const { rows: all, total } = await this.entitlement.rows.mine(siteId, userId, q, q.courseType, viaGrade);
    const cards = new Map(
      (
        await this.courses.cards(
          siteId,
          all.map((r) => r.courseId),
        )
      ).map((c) => [c.id, c]),
    );
    const rows = all.filter((r) => cards.has(r.courseId));
    const sums = await this.study.summaries(
      siteId,
      userId,
      [...cards.values()].map((c) => ({ id: c.id, periodTotal: c.periodTotal })),
    );
    const vipFree = new Set([...cards.values()].filter((c) => c.isVipFree === 1).map((c) => c.id));
    const holds = await this.entitlement.holds(siteId, userId, rows, vipFree);
    return toPage(
      rows.map((r, i) => ({ r, hold: holds[i]! })),
      total,
      q,
      ({ r, hold }) => {
        const s = sums.get(r.courseId);
        return {
          ...presentCourseBrief(cards.get(r.courseId)!),
          buyType: hold.buyType,
          expireTime: formatTime(hold.expireAt),
          isExpired: hold.isExpired ? 1 : 0,
          studyPercent: s?.studyPercent ?? 0,
          lastPeriodId: s?.lastPeriodId ?? '',
          lastStudyTime: s?.lastStudyTime ?? '',
          joinTime: formatTime(r.joinedAt),
        };
      },
    );
  }

  /** A course counts each learner once: on the first lesson opened before any progress was reported. */
  private async countLearner(siteId: bigint, userId: bigint, courseId: bigint): Promise<void> {
    const key = `course-learner:${siteId}:${courseId}:${userId}`;
    if (await this.p.cache.kv.get(key)) return;
    await this.p.cache.kv.set(key, 1, LEARNER_MARK_MS);
    if (!(await this.study.hasStudied(siteId, userId, courseId))) await this.courses.rows.countStudy(siteId, courseId);
  }

  private async visibleCourse(
    siteId: bigint,
    userId: bigint,
    courseId: bigint,
  ): Promise<{ v: CourseViewBase; isPay: boolean }> {
    const v = await this.courses.viewBase(siteId, courseId);
    if (!v) throw notFound('课程');
    return { v, isPay: await this.mayView(siteId, userId, courseId, v) };
  }

  /** Whether the user holds the course; a course taken off sale is not found for anyone who does not. */
  private async mayView(
    siteId: bigint,
    userId: bigint,
    courseId: bigint,
    v: CourseViewBase,
    known?: { row: UserCourseRow | undefined },
  ): Promise<boolean> {
    // the cached page already holds what the rule reads of the course: no second read of its row
    const isPay = await this.entitlement.isEntitled(
      siteId,
      userId,
      { id: courseId, isFree: v.isFree, isPutaway: v.isPutaway, isVipFree: v.isVipFree },
      known,
    );
    if (v.isPutaway !== 1 && !isPay) throw notFound('课程');
    return isPay;
  }

  /** A library lesson's document, read in the page: markdown and text as they are, HTML sanitized. */
  private async readDoc(key: string): Promise<{ docType: string; docText: string }> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of this.p.storage.read(key)) {
        size += (chunk as Buffer).length;
        if (size > DOC_MAX_BYTES) break;
        chunks.push(chunk as Buffer);
      }
    } catch {
      throw fail('文档暂时无法打开，请稍后再试');
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (key.endsWith('.html')) return { docType: 'html', docText: sanitizeRichText(text) };
    if (key.endsWith('.md')) return { docType: 'markdown', docText: text };
    return { docType: 'text', docText: text };
  }
}
