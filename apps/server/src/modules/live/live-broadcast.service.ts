import fs from 'node:fs';
import path from 'node:path';
import { LIVE_LIMITS, LiveStatus, PlaybackSave, type TLiveSession } from '#contract/live.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CourseService } from '../course/course.service.ts';
import type { VodService } from '../vod/vod.service.ts';
import type { SessionRow } from './live.repo.ts';
import type { LiveService } from './live.service.ts';
import { LivePipeline, liveHlsPrefix } from './live-pipeline.ts';
import { RtmpIngest, type NmsSession, type NmsSubscriber } from './rtmp-ingest.ts';

interface OnAir {
  siteId: bigint;
  session: SessionRow;
  logId: bigint;
  pipeline: LivePipeline;
  /** stops the source (closes the encoder's connection or the browser's socket) */
  closeSource: () => void;
  /** the session is recorded as over: what a stop waits for */
  over?: Promise<void>;
  /** ffmpeg has finished and the recording is handed on: what a shutdown waits for */
  ended?: Promise<void>;
}

/**
 * Broadcasts: a push (RTMP from an encoder, or WebM from the browser page) with a channel's key is accepted only
 * for a session of that lecturer that is due (from LIVE_LIMITS.earlyMinutes before its start until
 * lateMinutes after its planned end) and not over; the session is 直播中 while it runs and 待回放 when it ends.
 * Then the recording goes through the transcode pipeline and becomes the lesson's video (直播完成), or, when the
 * lecturer chose to discard it, is deleted and the session is 直播完成 at once.
 */
export class LiveBroadcastService {
  private readonly p: Platform;
  private readonly live: LiveService;
  private readonly vod: VodService;
  private readonly courses: CourseService;
  private readonly onAir = new Map<string, OnAir>();
  private ingest: RtmpIngest | undefined;

  constructor(p: Platform, live: LiveService, vod: VodService, courses: CourseService) {
    this.p = p;
    this.live = live;
    this.vod = vod;
    this.courses = courses;
    vod.onVideoReady((siteId, videoId, durationSec) => this.onReplayReady(siteId, videoId, durationSec));
  }

  /** Starts the RTMP ingest when a port is configured; answers the port it listens on. */
  async startIngest(): Promise<number | undefined> {
    const port = this.p.config.live.rtmpPort;
    if (port === undefined) return undefined;
    this.ingest = new RtmpIngest(this.p.log, {
      publish: (s, key) => void this.acceptRtmp(s, key),
      unpublish: (s) => void this.finish(`rtmp:${s.id}`),
    });
    this.live.rtmpPort = await this.ingest.start(port, this.p.config.host);
    this.p.log.info({ port: this.live.rtmpPort }, 'rtmp ingest listening');
    return this.live.rtmpPort;
  }

  async stop(): Promise<void> {
    await this.ingest?.stop();
    await Promise.all([...this.onAir.keys()].map((k) => this.finish(k, 'ended')));
  }

  /** The session a key may push now, or a refusal saying why. */
  async dueSession(streamKey: string): Promise<SessionRow> {
    const channel = await this.live.repo.channelByKey(streamKey);
    if (!channel) throw fail('推流码无效，请到“直播频道”页复制最新的推流码');
    const due = await this.live.repo.dueSessions(
      channel.siteId,
      channel.lecturerUserId,
      new Date(),
      LIVE_LIMITS.earlyMinutes,
      LIVE_LIMITS.lateMinutes,
    );
    const s = due.find((d) => d.liveStatus === LiveStatus.WAITING || d.liveStatus === LiveStatus.LIVING);
    if (!s) throw fail(`现在没有可以开播的直播课时（开播前 ${LIVE_LIMITS.earlyMinutes} 分钟起可推流）`);
    if ([...this.onAir.values()].some((a) => a.session.id === s.id)) throw fail('该直播课时正在推流中');
    return s;
  }

  private async acceptRtmp(nms: NmsSession, key: string): Promise<void> {
    let s: SessionRow;
    try {
      s = await this.dueSession(key);
    } catch (err) {
      this.p.log.info({ msg: (err as Error).message }, 'rtmp push refused');
      nms.close();
      return;
    }
    const air = await this.begin(`rtmp:${nms.id}`, s, 'rtmp', 'flv', () => nms.close());
    const reader: NmsSubscriber = {
      id: `live-${nms.id}`,
      ip: '',
      protocol: 'flv',
      streamPath: nms.streamPath,
      endTime: 0,
      sendBuffer: (b) => air.pipeline.write(b),
      close: () => undefined,
    };
    const err = nms.broadcast.postPlay(reader);
    if (err) {
      this.p.log.warn({ err }, 'could not read the rtmp push');
      nms.close();
    }
  }

  /** A browser broadcast: the page's WebM chunks go to `write`; `end` when its socket closes. */
  async acceptBrowser(siteId: bigint, sessionId: bigint, lecturerUserId: bigint, closeSource: () => void) {
    const channel = await this.live.repo.channelOf(siteId, lecturerUserId);
    if (!channel) throw fail('请先到“直播频道”页开通频道');
    const s = await this.dueSession(channel.streamKey);
    if (s.id !== sessionId) throw fail('这个直播课时现在不能开播');
    const key = `browser:${newId()}`;
    const air = await this.begin(key, s, 'browser', 'webm', closeSource);
    return { write: (b: Buffer) => air.pipeline.write(b), end: () => this.finish(key) };
  }

  private async begin(
    key: string,
    s: SessionRow,
    source: 'rtmp' | 'browser',
    input: 'flv' | 'webm',
    closeSource: () => void,
  ): Promise<OnAir> {
    const streamName = String(newId());
    const pipeline = new LivePipeline({
      ffmpegPath: this.p.config.vod.ffmpegPath,
      storage: this.p.storage,
      prefix: liveHlsPrefix(s.siteId, s.id, streamName),
      scratchDir: path.join(this.p.config.dataDir, 'tmp', 'live', streamName),
      segmentSec: this.p.config.live.segmentSec,
      input,
      onError: (err) => this.p.log.warn({ err, sessionId: String(s.id) }, 'live pipeline'),
    });
    const living = await this.live.repo.updateSession(s.siteId, s.id, { liveStatus: LiveStatus.LIVING, streamName });
    const logId = await this.live.repo.openLog(s.siteId, s.id, s.lecturerUserId, source);
    const air: OnAir = { siteId: s.siteId, session: living ?? s, logId, pipeline, closeSource };
    this.onAir.set(key, air);
    this.p.log.info({ sessionId: String(s.id), source }, 'live session on air');
    return air;
  }

  /**
   * Ends a broadcast once, however many ways its end is noticed. The session is recorded as over first, so a stop
   * answers at once; ffmpeg then finishes the playlist and the recording, which on a busy machine takes seconds.
   */
  private finish(key: string, wait: 'over' | 'ended' = 'over'): Promise<void> {
    const air = this.onAir.get(key);
    if (!air) return Promise.resolve();
    if (!air.over) {
      air.over = this.markOver(air);
      air.ended = air.over.then(() => this.end(key, air));
    }
    return wait === 'over' ? air.over : air.ended!;
  }

  private async markOver(air: OnAir): Promise<void> {
    const { siteId, session: s } = air;
    try {
      await this.live.repo.closeLog(siteId, air.logId);
      const discard = s.playbackSave === PlaybackSave.DISCARD;
      await this.live.repo.updateSession(siteId, s.id, {
        liveStatus: discard ? LiveStatus.DONE : LiveStatus.PLAYBACK,
      });
    } catch (err) {
      this.p.log.error({ err, sessionId: String(s.id) }, 'live session could not be recorded as over');
    }
  }

  private async end(key: string, air: OnAir): Promise<void> {
    const { session: s } = air;
    const started = Date.now();
    try {
      await air.pipeline.end();
      await this.keepRecording(air, s.playbackSave === PlaybackSave.DISCARD);
      this.p.log.info({ sessionId: String(s.id), ms: Date.now() - started }, 'live session ended');
    } catch (err) {
      this.p.log.error({ err, sessionId: String(s.id) }, 'live session did not end cleanly');
    } finally {
      this.onAir.delete(key);
    }
  }

  private async keepRecording(air: OnAir, discard: boolean): Promise<void> {
    const { siteId, session: s } = air;
    const file = air.pipeline.recordFile;
    const size = await fs.promises.stat(file).then(
      (st) => st.size,
      () => 0,
    );
    if (discard || size === 0) {
      if (!discard) await this.live.repo.updateSession(siteId, s.id, { liveStatus: LiveStatus.DONE });
    } else {
      const period = await this.live.present(siteId, s.id);
      const video = await this.vod.createFromFile(siteId, s.lecturerUserId, {
        videoName: `${period.periodName}（直播回放）`.slice(0, 100),
        file,
      });
      await this.live.repo.updateSession(siteId, s.id, { replayVideoId: BigInt(video.id) });
    }
    await fs.promises.rm(path.dirname(file), { recursive: true, force: true });
  }

  /** The recording transcoded: it becomes the lesson's video, and the session is done. */
  private async onReplayReady(siteId: bigint, videoId: bigint, durationSec: number): Promise<void> {
    for (const s of await this.live.repo.byReplayVideo(siteId, videoId)) {
      await this.courses.attachVideo(siteId, s.periodId, videoId, durationSec);
      await this.live.repo.updateSession(siteId, s.id, { liveStatus: LiveStatus.DONE }, [LiveStatus.PLAYBACK]);
    }
  }

  /** The lecturer ends their broadcast, or an administrator stops it: the source is cut and the session ends. */
  async stopSession(siteId: bigint, sessionId: bigint): Promise<TLiveSession> {
    const entries = [...this.onAir.entries()].filter(([, a]) => a.siteId === siteId && a.session.id === sessionId);
    for (const [key, air] of entries) {
      air.closeSource();
      await this.finish(key);
    }
    if (entries.length === 0) {
      // a session left 直播中 by a process that stopped without ending it: nothing of it was kept
      await this.live.repo.updateSession(siteId, sessionId, { liveStatus: LiveStatus.DONE }, [LiveStatus.LIVING]);
    }
    return this.live.present(siteId, sessionId);
  }

  async stopOwn(siteId: bigint, userId: bigint, periodId: bigint): Promise<TLiveSession> {
    const { s, lecturer } = await this.live.watchable(siteId, userId, periodId);
    if (!lecturer) throw fail('只有本课讲师可以结束直播');
    return this.stopSession(siteId, s.id);
  }

  async stopByPeriod(siteId: bigint, periodId: bigint): Promise<TLiveSession> {
    const s = await this.live.repo.sessionByPeriod(siteId, periodId);
    if (!s) throw fail('该课时没有直播');
    return this.stopSession(siteId, s.id);
  }
}
