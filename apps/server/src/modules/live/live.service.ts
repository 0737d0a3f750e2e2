import crypto from 'node:crypto';
import type { TPageQuery } from '#contract/call.ts';
import { CourseType } from '#contract/course.ts';
import { LIVE_LIMITS, LiveStatus, type TLiveChannel, type TLiveSession, type TLiveUrl } from '#contract/live.ts';
import type { z } from 'zod';
import type { LiveSessionSave } from '#contract/live.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime, parseShanghaiTime } from '../../platform/time.ts';
import type { CourseService } from '../course/course.service.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import { mustBeLecturer } from '../user/user.policy.ts';
import type { UserService } from '../user/user.service.ts';
import type { VodPlayService } from '../vod/vod-play.service.ts';
import type { VodService } from '../vod/vod.service.ts';
import type { LecturerService } from '../lecturer/lecturer.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { StudioOutlineService } from '../studio/studio-outline.service.ts';
import type { StudioService } from '../studio/studio.service.ts';
import { liveRepo, type ListedSession, type LiveRepo, type SessionRow } from './live.repo.ts';
import { presentChannel, presentSession } from './live.presenter.ts';
import { signLiveToken, type LiveClaims } from './live-token.ts';
import { RTMP_APP } from './rtmp-ingest.ts';

export interface LiveDeps {
  users: UserService;
  courses: CourseService;
  entitlement: EntitlementService;
  vod: VodService;
  vodPlay: VodPlayService;
  lecturers: LecturerService;
  messages: MessageService;
  /** the drafts of live courses, whose sessions the live module schedules */
  studio: StudioService;
  outline: StudioOutlineService;
}

export type SessionMovedListener = (siteId: bigint, sessionId: bigint, from: Date) => Promise<void>;

const newStreamKey = () => crypto.randomBytes(16).toString('hex');

/**
 * The start a session may be given: a valid time, not in the past, and only while the session has not been
 * broadcast (a session keeping its time may still be saved, e.g. with a new title).
 */
export function scheduledTime(text: string, existing: SessionRow | undefined): Date {
  const beginTime = parseShanghaiTime(text.length === 16 ? `${text}:00` : text);
  if (!beginTime) throw fail('开播时间格式应为 YYYY-MM-DD HH:mm');
  if (existing && existing.beginTime.getTime() === beginTime.getTime()) return beginTime;
  if (existing && existing.liveStatus !== LiveStatus.WAITING) throw fail('该课时已开播，不能再修改开播时间');
  if (beginTime.getTime() < Date.now() - 60_000) throw fail('开播时间不能早于现在');
  return beginTime;
}

/**
 * Live courses: lecturers' channels, the sessions of live lessons and their schedule, and who may watch. Access
 * to a session is the lesson's access (EntitlementService: bought, VIP-free, free preview); its lecturer always.
 */
export class LiveService {
  readonly repo: LiveRepo;
  readonly p: Platform;
  private readonly d: LiveDeps;
  private secret: Promise<crypto.KeyObject> | undefined;
  /** the port the RTMP ingest got, once it listens */
  rtmpPort: number | undefined;
  private readonly movedListeners: SessionMovedListener[] = [];

  constructor(p: Platform, d: LiveDeps) {
    this.p = p;
    this.d = d;
    this.repo = liveRepo(p.db);
  }

  signingKey(): Promise<crypto.KeyObject> {
    this.secret ??= this.d.vod
      .secret('live-token')
      .then((b) => crypto.createSecretKey(b))
      .catch((err: unknown) => {
        this.secret = undefined;
        throw err;
      });
    return this.secret;
  }

  async sign(c: Omit<LiveClaims, 'exp'>, ttlSec: number): Promise<{ token: string; exp: number }> {
    const exp = Math.floor(Date.now() / 1000) + ttlSec;
    return { token: signLiveToken(await this.signingKey(), { ...c, exp }), exp };
  }

  private serverUrl(): string {
    const port = this.rtmpPort ?? this.p.config.live.rtmpPort;
    return port === undefined ? '' : `rtmp://${this.p.config.live.rtmpHost}:${port}/${RTMP_APP}`;
  }

  /** Teaching live is opened by the administrator's approval of the lecturer's application (applyLive). */
  async mayTeachLive(siteId: bigint, userId: bigint): Promise<void> {
    mustBeLecturer(await this.d.users.brief(siteId, userId));
    await this.d.lecturers.mustTeachLive(siteId, userId);
  }

  async channel(siteId: bigint, userId: bigint): Promise<TLiveChannel> {
    await this.mayTeachLive(siteId, userId);
    const row =
      (await this.repo.channelOf(siteId, userId)) ?? (await this.repo.createChannel(siteId, userId, newStreamKey()));
    return presentChannel(row, this.serverUrl());
  }

  async resetKey(siteId: bigint, userId: bigint): Promise<TLiveChannel> {
    await this.channel(siteId, userId);
    const row = await this.repo.updateChannel(siteId, userId, { streamKey: newStreamKey() });
    return presentChannel(row!, this.serverUrl());
  }

  async setPassword(siteId: bigint, userId: bigint, channelPwd: string): Promise<TLiveChannel> {
    await this.channel(siteId, userId);
    const row = await this.repo.updateChannel(siteId, userId, { channelPwd });
    return presentChannel(row!, this.serverUrl());
  }

  /** Told when a session is moved to another start, with the start it had. */
  onSessionMoved(listener: SessionMovedListener): void {
    this.movedListeners.push(listener);
  }

  /** Schedules a lesson of the lecturer's own live course (or moves it, while it has not been broadcast). */
  async saveSession(siteId: bigint, userId: bigint, b: z.output<typeof LiveSessionSave>): Promise<TLiveSession> {
    await this.mayTeachLive(siteId, userId);
    const owner = await this.d.entitlement.periodOwner(siteId, BigInt(b.periodId));
    if (owner.lecturerUserId !== userId) throw fail('只能设置自己课程的直播课时');
    const course = await this.d.courses.viewBase(siteId, owner.courseId);
    if (!course || course.courseType !== CourseType.LIVE) throw fail('该课时不属于直播课程，请先把课程类型设为直播');
    const existing = await this.repo.sessionByPeriod(siteId, owner.periodId);
    if (existing && existing.liveStatus !== LiveStatus.WAITING) throw fail('该课时已开播，不能再修改开播时间');
    const beginTime = scheduledTime(b.beginTime, existing);
    const saved = await this.repo.upsertSession({
      id: newId(),
      siteId,
      courseId: owner.courseId,
      periodId: owner.periodId,
      lecturerUserId: userId,
      beginTime,
      liveDuration: b.liveDuration,
      playbackSave: b.playbackSave,
    });
    await this.announceMove(siteId, saved.id, existing, beginTime);
    return this.present(siteId, saved.id);
  }

  /** Tells the listeners when a session saved with `beginTime` had another start before. */
  async announceMove(siteId: bigint, sessionId: bigint, before: SessionRow | undefined, beginTime: Date) {
    if (!before || before.beginTime.getTime() === beginTime.getTime()) return;
    for (const listener of this.movedListeners) await listener(siteId, sessionId, before.beginTime);
  }

  async present(siteId: bigint, sessionId: bigint): Promise<TLiveSession> {
    const r = await this.repo.listedOne(siteId, sessionId);
    if (!r) throw notFound('直播课时');
    return (await this.presentMany(siteId, [r]))[0]!;
  }

  async presentMany(siteId: bigint, rows: ListedSession[]): Promise<TLiveSession[]> {
    const names = await this.d.users.briefs(siteId, [...new Set(rows.map((r) => r.s.lecturerUserId))]);
    return rows.map((r) => presentSession(r, names.get(r.s.lecturerUserId)?.nickname ?? ''));
  }

  async plan(siteId: bigint, q: TPageQuery): Promise<Page<TLiveSession>> {
    const { rows, total } = await this.repo.plan(siteId, new Date(), q);
    const shown = await this.presentMany(siteId, rows);
    return toPage(shown, total, q, (s) => s);
  }

  async ofCourse(siteId: bigint, courseId: bigint): Promise<TLiveSession[]> {
    const course = await this.d.courses.viewBase(siteId, courseId);
    if (!course || course.isPutaway !== 1) throw notFound('课程');
    return this.presentMany(siteId, await this.repo.listedOfCourse(siteId, courseId));
  }

  /** A session of a course on the shelf, as anyone may see it (the live room's heading and countdown). */
  async viewPublic(siteId: bigint, periodId: bigint): Promise<TLiveSession> {
    const s = await this.repo.sessionByPeriod(siteId, periodId);
    const course = s && (await this.d.courses.viewBase(siteId, s.courseId));
    if (!s || !course || course.isPutaway !== 1) throw notFound('直播课时');
    return this.present(siteId, s.id);
  }

  async mine(siteId: bigint, userId: bigint, q: TPageQuery): Promise<Page<TLiveSession>> {
    mustBeLecturer(await this.d.users.brief(siteId, userId));
    const { rows, total } = await this.repo.lecturerPage(siteId, userId, q);
    return toPage(await this.presentMany(siteId, rows), total, q, (s) => s);
  }

  /**
   * The session of a lesson this user may watch: its lecturer, or a learner the lesson is open to (the entitlement
   * service refuses the others with its own message). `lecturer` says which.
   */
  async watchable(siteId: bigint, userId: bigint, periodId: bigint): Promise<{ s: SessionRow; lecturer: boolean }> {
    const owner = await this.d.entitlement.periodOwner(siteId, periodId);
    const s = await this.repo.sessionByPeriod(siteId, periodId);
    if (!s) throw fail('该课时还没有安排直播');
    if (owner.lecturerUserId === userId) return { s, lecturer: true };
    await this.d.entitlement.periodAccess(siteId, userId, periodId);
    return { s, lecturer: false };
  }

  async liveUrl(siteId: bigint, userId: bigint, periodId: bigint): Promise<TLiveUrl> {
    const { s, lecturer } = await this.watchable(siteId, userId, periodId);
    const session = await this.present(siteId, s.id);
    const startsInSec = Math.max(0, Math.ceil((s.beginTime.getTime() - Date.now()) / 1000));
    // the session as shown decides: read after `s`, it may already say the broadcast has ended
    if (session.liveStatus !== LiveStatus.LIVING || s.liveStatus !== LiveStatus.LIVING || !s.streamName)
      return { session, playUrl: '', startsInSec, expireTime: 0 };
    const { token, exp } = await this.sign(
      { kind: 'play', siteId, userId, sessionId: s.id, lecturer: lecturer ? 1 : 0 },
      LIVE_LIMITS.playUrlTtlSec,
    );
    return { session, playUrl: `/apis/live/api/hls/${token}/index.m3u8`, startsInSec, expireTime: exp };
  }

  /** The replay: once the recording is a transcoded video, it plays like any recorded lesson. */
  async playbackUrl(siteId: bigint, userId: bigint, periodId: bigint) {
    const { s } = await this.watchable(siteId, userId, periodId);
    const session = await this.present(siteId, s.id);
    if (s.playbackSave === 2) throw fail('讲师未保存这场直播的回放');
    if (s.liveStatus === LiveStatus.WAITING || s.liveStatus === LiveStatus.LIVING) throw fail('直播尚未结束，暂无回放');
    if (s.liveStatus === LiveStatus.PLAYBACK || !s.replayVideoId) throw fail('回放生成中，请稍后再来');
    const play = await this.d.vodPlay.playVideo(siteId, userId, s.replayVideoId);
    return { session, videoId: play.videoId, playUrl: play.playUrl };
  }

  async roomToken(siteId: bigint, userId: bigint, periodId: bigint) {
    const { s, lecturer } = await this.watchable(siteId, userId, periodId);
    const { token, exp } = await this.sign(
      { kind: 'chat', siteId, userId, sessionId: s.id, lecturer: lecturer ? 1 : 0 },
      LIVE_LIMITS.playUrlTtlSec,
    );
    // the lecturer's page may also broadcast from the browser into this session
    const push = lecturer
      ? await this.sign({ kind: 'push', siteId, userId, sessionId: s.id, lecturer: 1 }, LIVE_LIMITS.playUrlTtlSec)
      : undefined;
    return {
      token,
      pushToken: push?.token ?? '',
      sessionId: String(s.id),
      isLecturer: lecturer ? 1 : 0,
      expireTime: exp,
    };
  }

  async logPage(siteId: bigint, userId: bigint, q: TPageQuery) {
    mustBeLecturer(await this.d.users.brief(siteId, userId));
    const { rows, total } = await this.repo.logPage(siteId, userId, q);
    return toPage(rows, total, q, (r) => ({
      id: String(r.l.id),
      sessionId: String(r.l.sessionId),
      periodName: r.periodName ?? '',
      source: r.l.source,
      startTime: formatTime(r.l.startTime),
      endTime: formatTime(r.l.endTime),
    }));
  }

  /** The lecturer's view of a session: attendance, chat count and the pinned message. */
  async detail(siteId: bigint, userId: bigint, periodId: bigint) {
    const { s, lecturer } = await this.watchable(siteId, userId, periodId);
    if (!lecturer) throw fail('只有本课讲师可以查看到课情况');
    const [rows, chatCount] = await Promise.all([
      this.repo.attendance(siteId, s.id),
      this.repo.chatCount(siteId, s.id),
    ]);
    const names = await this.d.users.briefs(
      siteId,
      rows.map((r) => r.userId),
    );
    return {
      session: await this.present(siteId, s.id),
      attendance: rows.map((r) => ({
        userId: String(r.userId),
        nickname: names.get(r.userId)?.nickname ?? '',
        firstJoin: formatTime(r.firstJoin),
        watchSeconds: r.watchSeconds,
        muted: r.muted,
      })),
      chatCount,
      pinnedMessage: s.pinnedMessage,
    };
  }

  async living(siteId: bigint): Promise<TLiveSession[]> {
    return this.presentMany(siteId, await this.repo.living(siteId));
  }
}
