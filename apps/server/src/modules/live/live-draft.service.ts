import type { z } from 'zod';
import { CourseType } from '#contract/course.ts';
import { LIVE_STATUS_TEXT, LiveStatus, type LiveSessionAuditSave, type TLiveSessionDraft } from '#contract/live.ts';
import type { TChapterAudit, TPeriodAudit } from '#contract/studio.ts';
import { fail } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime } from '../../platform/time.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { StudioOutlineService } from '../studio/studio-outline.service.ts';
import type { StudioService } from '../studio/studio.service.ts';
import type { SessionRow } from './live.repo.ts';
import { scheduledTime, type LiveService } from './live.service.ts';

/** The chapter a live course's sessions go into when its draft has none yet. */
const SESSIONS_CHAPTER = '直播课时';

function presentDraft(p: TPeriodAudit, s: SessionRow | undefined): TLiveSessionDraft {
  const status = s?.liveStatus ?? LiveStatus.WAITING;
  return {
    periodId: p.id,
    chapterId: p.chapterId,
    periodName: p.periodName,
    isFree: p.isFree,
    beginTime: s ? formatTime(s.beginTime) : '',
    liveDuration: s?.liveDuration ?? 60,
    playbackSave: s?.playbackSave ?? 1,
    liveStatus: status,
    liveStatusText: LIVE_STATUS_TEXT[status] ?? '',
  };
}

/**
 * The sessions of a live course's draft (/account/live/add). A session is a lesson draft (title and free preview,
 * audited with the course like any lesson) plus its schedule, which is the live_session row itself: the draft
 * lesson and the published one share an id, so the schedule is kept once, is public only once the lesson is
 * published, and a change of time takes effect at once, as on /account/live (decision 52).
 */
export class LiveDraftService {
  private readonly live: LiveService;
  private readonly studio: StudioService;
  private readonly outline: StudioOutlineService;
  private readonly entitlement: EntitlementService;
  constructor(
    live: LiveService,
    studio: StudioService,
    outline: StudioOutlineService,
    entitlement: EntitlementService,
  ) {
    this.live = live;
    this.studio = studio;
    this.outline = outline;
    this.entitlement = entitlement;
  }

  private get repo() {
    return this.live.repo;
  }

  /** The draft's chapters, once its owner is known to be a lecturer allowed to teach live and it is a live course. */
  private async ownLiveCourse(siteId: bigint, userId: bigint, courseId: bigint): Promise<TChapterAudit[]> {
    await this.live.mayTeachLive(siteId, userId);
    const course = await this.studio.view(siteId, userId, courseId);
    if (course.courseType !== CourseType.LIVE) throw fail('该课程不是直播课程，请在对应的课程管理中编辑');
    return this.outline.outline(siteId, userId, courseId);
  }

  async list(siteId: bigint, userId: bigint, courseId: bigint): Promise<TLiveSessionDraft[]> {
    const periods = (await this.ownLiveCourse(siteId, userId, courseId)).flatMap((ch) => ch.periodList);
    const sessions = await this.repo.sessionsByPeriods(
      siteId,
      periods.map((p) => BigInt(p.id)),
    );
    return periods
      .map((p) => presentDraft(p, sessions.get(BigInt(p.id))))
      .sort((a, b) => (a.beginTime || '9').localeCompare(b.beginTime || '9'));
  }

  async save(siteId: bigint, userId: bigint, b: z.output<typeof LiveSessionAuditSave>): Promise<TLiveSessionDraft> {
    const courseId = BigInt(b.courseId);
    const chapters = await this.ownLiveCourse(siteId, userId, courseId);
    const current = b.periodId ? chapters.flatMap((ch) => ch.periodList).find((p) => p.id === b.periodId) : undefined;
    if (b.periodId && !current) throw fail('直播课时不存在或已删除');
    const existing = current ? await this.repo.sessionByPeriod(siteId, BigInt(current.id)) : undefined;
    // everything is checked before anything is written
    const beginTime = scheduledTime(b.beginTime, existing);
    const scheduleChanged =
      !existing ||
      existing.beginTime.getTime() !== beginTime.getTime() ||
      existing.liveDuration !== b.liveDuration ||
      existing.playbackSave !== b.playbackSave;
    if (existing && scheduleChanged && existing.liveStatus !== LiveStatus.WAITING)
      throw fail('该课时已开播，不能再修改开播时间、时长或回放设置');

    let period = current;
    if (!period) {
      const chapter =
        chapters.at(-1) ??
        (await this.outline.saveChapter(siteId, userId, courseId, {
          chapterName: SESSIONS_CHAPTER,
          chapterDesc: '',
          isFree: 0,
        }));
      period = await this.outline.savePeriod(siteId, userId, BigInt(chapter.id), {
        periodName: b.periodName,
        periodDesc: '',
        isFree: b.isFree,
      });
    } else if (period.periodName !== b.periodName || period.isFree !== b.isFree) {
      period = await this.outline.updatePeriod(siteId, userId, BigInt(period.id), {
        periodName: b.periodName,
        periodDesc: period.periodDesc,
        isFree: b.isFree,
      });
    }
    const saved = scheduleChanged
      ? await this.repo.upsertSession({
          id: newId(),
          siteId,
          courseId,
          periodId: BigInt(period.id),
          lecturerUserId: userId,
          beginTime,
          liveDuration: b.liveDuration,
          playbackSave: b.playbackSave,
        })
      : existing;
    if (saved) await this.live.announceMove(siteId, saved.id, existing, beginTime);
    return presentDraft(period, saved);
  }

  /**
   * Removes the lesson from the draft. Its session goes with it when it never reached learners (a lesson never
   * published, not broadcast); a published lesson stays on sale, with its session, until the next approval.
   */
  async remove(siteId: bigint, userId: bigint, periodId: bigint): Promise<null> {
    await this.live.mayTeachLive(siteId, userId);
    const session = await this.repo.sessionByPeriod(siteId, periodId);
    if (session?.liveStatus === LiveStatus.LIVING) throw fail('该课时正在直播，结束直播后才能删除');
    await this.outline.removePeriod(siteId, userId, periodId);
    if (session?.liveStatus === LiveStatus.WAITING && !(await this.entitlement.isPublishedPeriod(siteId, periodId)))
      await this.repo.removeSession(siteId, session.id);
    return null;
  }
}
