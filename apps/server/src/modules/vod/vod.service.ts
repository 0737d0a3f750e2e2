import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { TPageQuery } from '#contract/call.ts';
import { VideoStatus, type TVodVideo } from '#contract/vod.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { defineJob, jobIdField, PermanentJobError, type JobPayload } from '../../platform/jobs.ts';
import { newId } from '../../platform/ids.ts';
import { probe, ToolMissing, VideoRejected } from './vod-ffmpeg.ts';
import { NOT_A_VIDEO } from './upload-sniff.ts';
import { hlsPrefix, posterKey, sourceKeyFor, VOD_PRIVATE_PREFIX } from './vod-keys.ts';
import { sweepScratch, transcode } from './vod-transcode.ts';
import { vodRepo, type VideoRow, type VodRepo } from './vod.repo.ts';
import { presentVideo } from './vod.presenter.ts';
import { ownVideo } from './vod.policy.ts';

export const TRANSCODE_JOB = 'vod.transcode';
/** Transcodes one uploaded video into encrypted HLS. */
export const transcodeJob = defineJob(TRANSCODE_JOB, z.object({ siteId: jobIdField, videoId: jobIdField }));
/** A scratch folder this old belongs to no running transcode (their encode budget ends well before). */
const SCRATCH_MAX_AGE_MS = 48 * 60 * 60_000;
/** A transcode that fails for a reason other than the file (a crash, a full disk) is tried this many times. */
const TRANSCODE_ATTEMPTS = 3;

export const REASON_RETRYING = '转码出错，稍后将自动重试';
export const REASON_FAILED = '视频转码失败，请重新上传；如仍失败请联系网站管理员';

/** Called once a video is ready to play (the course side copies the duration onto its lessons). */
export type VideoReadyListener = (siteId: bigint, videoId: bigint, durationSec: number) => Promise<void>;

export interface NewVideo {
  videoName: string;
  sourceKey: string;
  sizeBytes: number;
  md5?: string;
}

/**
 * Videos and their transcoding. A new video is a row (pending) plus a durable job; the job turns the source into
 * an encrypted HLS ladder with a poster and the duration, and tells the listeners when the video is ready.
 */
export class VodService {
  private readonly p: Platform;
  private readonly repo: VodRepo;
  private readonly listeners: VideoReadyListener[] = [];
  constructor(p: Platform) {
    this.p = p;
    this.repo = vodRepo(p.db);
  }

  /** Makes this instance the one that runs transcode jobs in this process (done once, where modules are wired). */
  registerJobs(): void {
    this.p.jobs.register(transcodeJob, (payload, run) => this.runTranscode(payload, run), {
      concurrency: this.p.config.vod.transcodeConcurrency,
    });
    sweepScratch(this.scratchDir, SCRATCH_MAX_AGE_MS).catch((err: unknown) =>
      this.p.log.warn({ err }, 'could not sweep the transcode scratch folder'),
    );
  }

  /** Where a transcode copies its source and writes its output before they go to storage. */
  private get scratchDir(): string {
    return path.join(this.p.config.dataDir, 'tmp', 'vod');
  }

  onVideoReady(listener: VideoReadyListener): void {
    this.listeners.push(listener);
  }

  /**
   * An uploaded source, whole, before its video is created and its transcode queued: ffprobe must find a video in
   * it, or a file whose first bytes only look like one (an HTML page behind an mp4 header) is removed and refused.
   * Without ffprobe, or with a source not on this machine, the transcode's own probe decides.
   */
  async mustPlay(sourceKey: string): Promise<void> {
    const local = this.p.storage.localPath?.(sourceKey);
    if (!local) return;
    try {
      await probe(this.p.config.vod, local);
    } catch (err) {
      if (err instanceof ToolMissing) return;
      if (!(err instanceof VideoRejected)) throw err;
      await this.p.storage.remove(sourceKey);
      throw fail(NOT_A_VIDEO);
    }
  }

  /** A video whose source is already in storage under the private prefix (an assembled chunked upload). */
  async createFromStorageKey(siteId: bigint, userId: bigint, v: NewVideo, id: bigint = newId()): Promise<TVodVideo> {
    const videoName = v.videoName.trim().slice(0, 100);
    if (!videoName) throw fail('请填写视频名称');
    if (!v.sourceKey.startsWith(`${VOD_PRIVATE_PREFIX}${siteId}/source/`))
      throw new Error(`video source outside the private prefix: ${v.sourceKey}`);
    const row = await this.repo.insert({
      id,
      siteId,
      userId,
      videoName,
      sourceKey: v.sourceKey,
      sourceMd5: v.md5 ?? null,
      sizeBytes: v.sizeBytes,
      status: VideoStatus.pending,
    });
    await this.p.jobs.enqueue(
      transcodeJob,
      { siteId: String(siteId), videoId: String(row.id) },
      { dedupeKey: `${TRANSCODE_JOB}:${row.id}`, maxAttempts: TRANSCODE_ATTEMPTS },
    );
    return presentVideo(row, this.p.storage);
  }

  /** A video from a file on this machine (a generated demo clip, an import): copied into storage, then queued. */
  async createFromFile(siteId: bigint, userId: bigint, v: { videoName: string; file: string }): Promise<TVodVideo> {
    const id = newId();
    const ext = /\.([a-z0-9]{1,5})$/i.exec(v.file)?.[1]?.toLowerCase();
    const sourceKey = sourceKeyFor(siteId, ext ? `${id}.${ext}` : String(id));
    const hash = crypto.createHash('md5');
    await pipeline(fs.createReadStream(v.file), hash);
    await this.p.storage.put(sourceKey, fs.createReadStream(v.file));
    const { size } = await fs.promises.stat(v.file);
    return this.createFromStorageKey(
      siteId,
      userId,
      { videoName: v.videoName, sourceKey, sizeBytes: size, md5: hash.digest('hex') },
      id,
    );
  }

  /** The user's earlier video of the same file, so an upload of it can complete at once. */
  async sameFile(siteId: bigint, userId: bigint, md5: string): Promise<TVodVideo | undefined> {
    const row = await this.repo.byMd5(siteId, userId, md5.toLowerCase());
    return row && presentVideo(row, this.p.storage);
  }

  /** A video as its owner sees it; another user's video is reported as missing. */
  async view(siteId: bigint, userId: bigint, videoId: bigint): Promise<TVodVideo> {
    const row = ownVideo(await this.repo.byId(siteId, videoId), userId);
    return presentVideo(row, this.p.storage);
  }

  /** The user's own videos among these ids (others' are left out), for showing them in lesson drafts. */
  async ownVideos(siteId: bigint, userId: bigint, ids: bigint[]): Promise<Map<bigint, TVodVideo>> {
    const rows = await this.repo.byIds(siteId, [...new Set(ids)]);
    return new Map(rows.filter((r) => r.userId === userId).map((r) => [r.id, presentVideo(r, this.p.storage)]));
  }

  async page(siteId: bigint, userId: bigint, q: TPageQuery & { videoName: string }): Promise<Page<TVodVideo>> {
    const { rows, total } = await this.repo.pageByUser(siteId, userId, q);
    return toPage(rows, total, q, (r) => presentVideo(r, this.p.storage));
  }

  /**
   * Deletes one of the user's videos (the caller has checked no lesson shows it). The row goes first, with the
   * AES key it holds, so nothing can sign a play of it any more; then its files: HLS playlists and segments,
   * source and poster. Removing files is idempotent, and a transcode still waiting finds the row gone and stops;
   * one running at the time removes what it wrote when it finds the row gone (runTranscode).
   */
  async remove(siteId: bigint, userId: bigint, videoId: bigint): Promise<void> {
    const row = ownVideo(await this.repo.byId(siteId, videoId), userId);
    await this.repo.remove(siteId, videoId);
    await this.removeFiles(row);
  }

  private async removeFiles(row: Pick<VideoRow, 'siteId' | 'id' | 'sourceKey'>): Promise<void> {
    await this.p.storage.removeAll(hlsPrefix(row.siteId, row.id));
    await this.p.storage.remove(row.sourceKey);
    await this.p.storage.remove(posterKey(row.siteId, row.id));
  }

  /** For the play side of the module: the row with its key, never presented as is. */
  row(siteId: bigint, videoId: bigint): Promise<VideoRow | undefined> {
    return this.repo.byId(siteId, videoId);
  }

  secret(name: string): Promise<Buffer> {
    return this.repo.secret(name);
  }

  private async runTranscode(
    payload: JobPayload<typeof transcodeJob>,
    run: { attempts: number; maxAttempts: number },
  ): Promise<void> {
    const siteId = BigInt(payload.siteId);
    const videoId = BigInt(payload.videoId);
    const row = await this.repo.byId(siteId, videoId);
    if (!row) return; // deleted while it waited
    // a retry after a listener failed: the video is done, only the news is owed
    if (row.status === VideoStatus.ready) return this.announce(siteId, videoId, row.durationSec);

    await this.repo.update(siteId, videoId, {
      status: VideoStatus.transcoding,
      attempts: run.attempts,
      failReason: null,
    });
    let out: Awaited<ReturnType<typeof transcode>>;
    const timer = this.p.metrics.transcode.startTimer();
    try {
      out = await transcode({ storage: this.p.storage, tools: this.p.config.vod, scratchDir: this.scratchDir }, row);
      timer({ outcome: 'done' });
    } catch (err) {
      timer({ outcome: err instanceof VideoRejected ? 'rejected' : 'failed' });
      if (err instanceof VideoRejected) {
        await this.repo.update(siteId, videoId, { status: VideoStatus.failed, failReason: err.reason });
        throw new PermanentJobError(`${err.reason} (${err.message})`);
      }
      const final = run.attempts >= run.maxAttempts;
      const reason = err instanceof ToolMissing ? err.reason : final ? REASON_FAILED : REASON_RETRYING;
      await this.repo.update(siteId, videoId, {
        status: final ? VideoStatus.failed : VideoStatus.pending,
        failReason: reason,
      });
      throw err;
    }
    const kept = await this.repo.update(siteId, videoId, {
      status: VideoStatus.ready,
      failReason: null,
      durationSec: out.probe.durationSec,
      width: out.probe.width,
      height: out.probe.height,
      renditions: out.renditions,
      posterKey: out.posterKey,
      aesKey: out.aesKeyHex,
    });
    if (!kept) return this.removeFiles(row); // deleted while it was encoding: what it wrote belongs to nothing
    this.p.log.info({ videoId: String(videoId), renditions: out.renditions.map((r) => r.name) }, 'video transcoded');
    await this.announce(siteId, videoId, out.probe.durationSec);
  }

  private async announce(siteId: bigint, videoId: bigint, durationSec: number): Promise<void> {
    for (const l of this.listeners) await l(siteId, videoId, durationSec);
  }
}
