import type { Readable } from 'node:stream';
import crypto from 'node:crypto';
import { PLAY_URL_TTL_SEC, VideoStatus, type TVideoPlay, type TVodPlay } from '#contract/vod.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { maskMobile } from '../../platform/mask.ts';
import type { UserService } from '../user/user.service.ts';
import { hlsPrefix } from './vod-keys.ts';
import { masterUrl, RENDITION_NAME, rewriteMaster, rewriteVariant, SEGMENT_NAME } from './vod-playlist.ts';
import { signPlayToken, verifyPlayToken, type PlayClaims } from './vod-token.ts';
import { presentRenditions } from './vod.presenter.ts';
import { mayPlayForReview } from './vod.policy.ts';
import type { VideoRow } from './vod.repo.ts';
import type { VodService } from './vod.service.ts';

/** The course side's answer to "may this user play this lesson" (it throws a 999 refusal when not). */
export interface PlayablePeriods {
  playablePeriod(
    siteId: bigint,
    userId: bigint | null,
    periodId: bigint,
  ): Promise<{
    courseId: bigint;
    chapterId: bigint;
    periodId: bigint;
    periodName: string;
    videoId: bigint | null;
    speedDouble: number;
    speedDrag: number;
  }>;
}

const SECRET_NAME = 'play-token';

/** What a media request may fetch, once its token checked out. */
export type Opened = { ok: true; claims: PlayClaims; video: VideoRow } | { ok: false };

/**
 * Protected playback. The play call checks entitlement once and signs a token bound to the site, the user, the
 * lesson and the video, valid for PLAY_URL_TTL_SEC (or the video's length plus an hour, if longer). Every
 * playlist, segment and key request then proves itself with that token alone: no session, no database lookup of
 * rights, so hls.js needs no custom headers and a CDN could sit in front of the segments.
 */
export class VodPlayService {
  private readonly p: Platform;
  private readonly vod: VodService;
  private readonly periods: PlayablePeriods;
  private readonly users: UserService;
  private secret: Promise<crypto.KeyObject> | undefined;
  constructor(p: Platform, vod: VodService, periods: PlayablePeriods, users: UserService) {
    this.p = p;
    this.vod = vod;
    this.periods = periods;
    this.users = users;
  }

  async play(siteId: bigint, userId: bigint, periodId: bigint): Promise<TVodPlay> {
    const period = await this.periods.playablePeriod(siteId, userId, periodId);
    if (!period.videoId) throw fail('该课时还没有视频');
    const signed = await this.signed(siteId, userId, period.periodId, period.videoId, '该课时的视频');
    return {
      courseId: String(period.courseId),
      chapterId: String(period.chapterId),
      periodId: String(period.periodId),
      periodName: period.periodName,
      ...signed,
      speedDouble: period.speedDouble,
      speedDrag: period.speedDrag,
    };
  }

  /**
   * A video by its id, for a caller that has already decided this user may watch it (an exam problem's
   * explanation once the attempt is submitted). The token names no lesson (period 0); otherwise the same rules
   * as a lesson: signed, bound to the viewer, expiring.
   */
  playVideo(siteId: bigint, userId: bigint, videoId: bigint): Promise<TVideoPlay> {
    return this.signed(siteId, userId, 0n, videoId, '讲解视频');
  }

  /**
   * A draft lesson's video for the administrator reviewing it, whatever its lesson's state (vod policy): the same
   * signed, expiring token, naming no lesson, watermarked as a review.
   */
  playForReview(siteId: bigint, viewer: { kind: 'user' | 'admin'; id: bigint }, videoId: bigint): Promise<TVideoPlay> {
    mayPlayForReview(viewer);
    return this.signed(siteId, viewer.id, 0n, videoId, '课时视频', '审核预览 · 请勿外传');
  }

  private async signed(
    siteId: bigint,
    userId: bigint,
    periodId: bigint,
    videoId: bigint,
    what: string,
    /** for a viewer who is no user of the site (an administrator): the text drawn over the video */
    watermark?: string,
  ): Promise<TVideoPlay> {
    const video = await this.vod.row(siteId, videoId);
    if (!video) throw fail(`${what}不存在或已删除，请联系讲师`);
    if (video.status === VideoStatus.failed) throw fail(`${what}转码失败，暂时无法播放，请联系讲师`);
    if (video.status !== VideoStatus.ready) throw fail('视频转码中，请稍后');
    const mark = watermark ?? (await this.viewerMark(siteId, userId));
    const exp = Math.floor(Date.now() / 1000) + Math.max(PLAY_URL_TTL_SEC, video.durationSec + 3600);
    const token = signPlayToken(await this.signingKey(), { siteId, userId, periodId, videoId: video.id, exp });
    return {
      videoId: String(video.id),
      playUrl: masterUrl(token),
      posterUrl: video.posterKey ? this.p.storage.publicUrl(video.posterKey) : '',
      durationSec: video.durationSec,
      renditions: presentRenditions(video.renditions),
      watermark: mark,
      expireTime: exp,
    };
  }

  /** The viewer's masked mobile (else nickname, else id), drawn over the video so a recording names its source. */
  private async viewerMark(siteId: bigint, userId: bigint): Promise<string> {
    const viewer = await this.users.brief(siteId, userId);
    return maskMobile(viewer.mobile) || viewer.nickname || `ID ${viewer.id}`;
  }

  /** The token's claims and its video, when the token is genuine, unexpired and the video still playable. */
  async open(token: string): Promise<Opened> {
    const v = verifyPlayToken(await this.signingKey(), token);
    if (!v.ok) return { ok: false };
    const video = await this.vod.row(v.claims.siteId, v.claims.videoId);
    if (!video || video.status !== VideoStatus.ready || !video.aesKey) return { ok: false };
    return { ok: true, claims: v.claims, video };
  }

  async master(token: string, video: VideoRow): Promise<string> {
    const text = await this.text(`${hlsPrefix(video.siteId, video.id)}master.m3u8`);
    return rewriteMaster(
      text,
      token,
      video.renditions.map((r) => r.name),
    );
  }

  /** A rendition's playlist, or undefined when the video has no such rendition. */
  async variant(token: string, video: VideoRow, rendition: string): Promise<string | undefined> {
    if (!this.hasRendition(video, rendition)) return undefined;
    return rewriteVariant(
      await this.text(`${hlsPrefix(video.siteId, video.id)}${rendition}/index.m3u8`),
      token,
      rendition,
    );
  }

  /** The video's 16-byte AES-128 key. */
  aesKey(video: VideoRow): Buffer {
    return Buffer.from(video.aesKey!, 'hex');
  }

  /** The token-signing secret, shared by every process through the database. */
  private signingKey(): Promise<crypto.KeyObject> {
    // every playlist, segment and key request checks a token: the key object is made once
    this.secret ??= this.vod
      .secret(SECRET_NAME)
      .then((bytes) => crypto.createSecretKey(bytes))
      .catch((err: unknown) => {
        this.secret = undefined;
        throw err;
      });
    return this.secret;
  }

  /** A segment's bytes (still encrypted), or undefined when there is no such segment. */
  async segment(video: VideoRow, rendition: string, name: string): Promise<Readable | undefined> {
    if (!this.hasRendition(video, rendition) || !SEGMENT_NAME.test(name)) return undefined;
    const key = `${hlsPrefix(video.siteId, video.id)}${rendition}/${name}`;
    if (!(await this.p.storage.exists(key))) return undefined;
    return this.p.storage.read(key);
  }

  private hasRendition(video: VideoRow, rendition: string): boolean {
    return RENDITION_NAME.test(rendition) && video.renditions.some((r) => r.name === rendition);
  }

  private async text(key: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of this.p.storage.read(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
}
