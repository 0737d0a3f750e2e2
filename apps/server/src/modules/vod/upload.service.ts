import zlib from 'node:zlib';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  ChunkFields,
  VIDEO_MAX_BYTES,
  type TUnfinishedUpload,
  VIDEO_TYPE_MESSAGE,
  isVideoFileName,
  type TChunkFields,
  type TChunkResult,
} from '#contract/upload.ts';
import type { TVodVideo } from '#contract/vod.ts';
import { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import { fail } from '../../platform/http/errors.ts';
import { openFilePart } from '../../platform/http/multipart-stream.ts';
import { describeIssues } from '../../platform/http/validation.ts';
import { newId } from '../../platform/ids.ts';
import type { UserService } from '../user/user.service.ts';
import { sourceKeyFor } from './vod-keys.ts';
import { ChunkOverflow, extOf, partialKey, titleOf, uploadPrefix, writeChunk } from './upload-file.ts';
import { storeWholeVideo } from './upload-whole.ts';
import type { VodService } from './vod.service.ts';
import { NOT_A_VIDEO, looksLikeVideo } from './upload-sniff.ts';
import { presentUnfinishedUpload } from './vod.presenter.ts';
import { mayUpload } from './vod.policy.ts';
import { UploadStatus, uploadRepo, type UploadRepo, type UploadRow } from './upload.repo.ts';

export const UPLOAD_SWEEP_JOB = 'vod.upload.sweep';
/** Deletes the chunks of uploads abandoned long ago, once a day. */
export const uploadSweepJob = defineJob(UPLOAD_SWEEP_JOB, z.object({}));
/** Chunks of an upload nobody touched for this long are deleted (the browser starts over from its test call). */
const STALE_AFTER_MS = 24 * 60 * 60_000;

/** The size chunk `n` must have: full chunks, then the remainder in the last (simple-uploader's layout). */
function expectedChunkSize(f: TChunkFields): number {
  const lastSize = f.totalSize - (f.totalChunks - 1) * f.chunkSize;
  if (lastSize <= 0 || lastSize >= 2 * f.chunkSize || f.chunkNumber > f.totalChunks)
    throw fail('分片信息不一致，请刷新页面后重新上传');
  return f.chunkNumber < f.totalChunks ? f.chunkSize : lastSize;
}

function readFields(input: unknown): TChunkFields {
  const parsed = ChunkFields.safeParse(input);
  if (!parsed.success) throw fail(describeIssues(parsed.error.issues));
  expectedChunkSize(parsed.data);
  return parsed.data;
}

/** The multipart fields sent before the file part, as plain values. */
function fieldsOf(part: MultipartFile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(part.fields)) {
    const f = Array.isArray(v) ? v[0] : v;
    if (f && f.type === 'field') out[k] = f.value;
  }
  return out;
}

/**
 * Video uploads: the simple-uploader chunk protocol (test, chunk, assembly once all chunks are in) and the
 * single-request upload. Chunks wait under a private per-user prefix; the assembled file is handed to VodService,
 * which queues the transcode, and the transcode checks it against its MD5 (decision 25).
 */
export class VideoUploadService {
  private readonly p: Platform;
  private readonly repo: UploadRepo;
  private readonly vod: VodService;
  private readonly users: UserService;
  constructor(p: Platform, vod: VodService, users: UserService) {
    this.p = p;
    this.repo = uploadRepo(p.db);
    this.vod = vod;
    this.users = users;
  }

  registerJobs(): void {
    this.p.jobs.register(uploadSweepJob, async () => {
      await this.sweep(new Date());
      await this.scheduleSweep(24 * 60 * 60_000);
    });
    this.scheduleSweep(60 * 60_000).catch((err: unknown) =>
      this.p.log.warn({ err }, 'could not schedule the upload sweep'),
    );
  }

  /** At most one sweep a day across all processes: the dedupe key is the day it runs on. */
  private async scheduleSweep(inMs: number): Promise<void> {
    const at = new Date(Date.now() + inMs);
    await this.p.jobs.enqueue(
      uploadSweepJob,
      {},
      { runAt: at, dedupeKey: `${UPLOAD_SWEEP_JOB}:${at.toISOString().slice(0, 10)}` },
    );
  }

  /** Asked on every chunk: the signed-in user's cached info answers it (a change of user type drops that cache). */
  private async lecturer(siteId: bigint, userId: bigint): Promise<void> {
    mayUpload(await this.users.view(siteId, userId));
  }

  async unfinished(siteId: bigint, userId: bigint): Promise<TUnfinishedUpload[]> {
    await this.lecturer(siteId, userId);
    return (await this.repo.unfinished(siteId, userId, 50)).map(presentUnfinishedUpload);
  }

  /** The test call: which chunks the server holds, or the video when the file is already here. */
  async test(siteId: bigint, userId: bigint, query: unknown): Promise<TChunkResult> {
    await this.lecturer(siteId, userId);
    const f = readFields(query);
    const have = await this.vod.sameFile(siteId, userId, f.identifier);
    if (have) return { skipUpload: true, uploaded: [], video: have };
    const upload = await this.repo.find(siteId, userId, f.identifier);
    if (!upload || !this.sameLayout(upload, f)) return { skipUpload: false, uploaded: [], video: null };
    return { skipUpload: false, uploaded: await this.repo.chunkNumbers(siteId, upload.id), video: null };
  }

  private sameLayout(u: UploadRow, f: TChunkFields): boolean {
    return u.totalSize === f.totalSize && u.totalChunks === f.totalChunks && u.chunkSize === f.chunkSize;
  }

  /**
   * One chunk (multipart, field `file`, the protocol's fields before it), streamed straight into its place in the
   * upload's file: nothing but the socket's buffers is held in memory. A chunk the upload already has is not
   * written again.
   */
  async chunk(siteId: bigint, userId: bigint, req: FastifyRequest): Promise<TChunkResult> {
    await this.lecturer(siteId, userId);
    const part = await openFilePart(req.raw, req.headers['content-type']);
    if (!part) throw fail('请选择要上传的视频');
    const incomplete = (n: number) => fail(`第 ${n} 片不完整，请重新上传该分片`);
    let f: TChunkFields;
    let upload: UploadRow;
    let isNew: boolean;
    try {
      if (part.fieldName !== 'file') throw fail('上传字段应为 file');
      f = readFields({ filename: part.filename, ...part.fields });
      if (f.currentChunkSize !== expectedChunkSize(f)) throw incomplete(f.chunkNumber);
      const opened = await this.open(siteId, userId, f);
      if (!('upload' in opened)) {
        void part.body.drain();
        return opened.result;
      }
      ({ upload, isNew } = opened);
      if (opened.hasChunk) {
        void part.body.drain();
        return { skipUpload: false, uploaded: [f.chunkNumber], video: null };
      }
    } catch (err) {
      void part.body.drain();
      throw err;
    }

    const size = f.currentChunkSize;
    part.body.declared(size);
    let notVideo = false;
    let got: number;
    let crc = 0;
    try {
      const sniff = (head: Buffer) => {
        notVideo = !looksLikeVideo(head.subarray(0, 512));
        if (notVideo) throw new Error('not a video');
      };
      const check = f.chunkCrc32 === undefined ? undefined : (buf: Buffer) => void (crc = zlib.crc32(buf, crc));
      got = await writeChunk(
        this.p.storage,
        partialKey(siteId, userId, upload.id),
        { offset: (f.chunkNumber - 1) * f.chunkSize, size },
        part.body,
        f.chunkNumber === 1 ? sniff : undefined,
        check,
      );
    } catch (err) {
      await part.body.drain();
      // a file whose first chunk is not a video is not one whatever its other chunks hold; a failed first write leaves no upload behind
      if (notVideo || isNew) await this.discard(upload);
      if (notVideo) throw fail(NOT_A_VIDEO);
      if (err instanceof ChunkOverflow) throw incomplete(f.chunkNumber);
      throw err;
    }
    if (got !== size || !part.body.complete) {
      if (isNew) await this.discard(upload);
      throw incomplete(f.chunkNumber);
    }
    // bytes damaged on the way: not recorded, so the uploader sends this chunk again (its place is overwritten)
    if (f.chunkCrc32 !== undefined && crc.toString(16).padStart(8, '0') !== f.chunkCrc32) {
      if (isNew) await this.discard(upload);
      throw fail(`第 ${f.chunkNumber} 片校验失败，请重新上传该分片`);
    }

    const received = await this.repo.addChunk(siteId, upload.id, f.chunkNumber, size);
    if (received === null) return this.late(upload);
    if (received === upload.totalChunks) {
      const video = await this.assemble(upload);
      if (video) return { skipUpload: true, uploaded: [], video };
      return this.result(siteId, userId, upload);
    }
    return { skipUpload: false, uploaded: [f.chunkNumber], video: null };
  }

  /**
   * The upload a chunk belongs to. A new upload of a file the lecturer already has completes at once; a finished
   * upload whose video was deleted (or failed), or the same file announced with another layout, starts over.
   */
  private async open(
    siteId: bigint,
    userId: bigint,
    f: TChunkFields,
  ): Promise<{ upload: UploadRow; isNew: boolean; hasChunk: boolean } | { result: TChunkResult }> {
    const id = newId();
    const opened = await this.repo.open(
      {
        id,
        siteId,
        userId,
        identifier: f.identifier,
        fileName: f.filename,
        totalSize: f.totalSize,
        totalChunks: f.totalChunks,
        chunkSize: f.chunkSize,
      },
      f.chunkNumber,
    );
    const upload = opened.row;
    const isNew = upload.id === id;
    if (isNew || upload.status === UploadStatus.done) {
      const have = await this.vod.sameFile(siteId, userId, f.identifier);
      if (have) {
        if (isNew) await this.repo.remove(siteId, upload.id);
        return { result: { skipUpload: true, uploaded: [], video: have } };
      }
    }
    if (
      upload.status === UploadStatus.done ||
      (upload.status === UploadStatus.receiving && !this.sameLayout(upload, f))
    ) {
      await this.discard(upload);
      return this.open(siteId, userId, f);
    }
    if (upload.status !== UploadStatus.receiving) return { result: await this.result(siteId, userId, upload) };
    return { upload, isNew, hasChunk: opened.hasChunk };
  }

  /**
   * A chunk written while its upload was completed or discarded (a first chunk that was not a video). Its bytes
   * may have recreated the upload's file: nothing will use it now.
   */
  private async late(u: UploadRow): Promise<TChunkResult> {
    const now = await this.repo.find(u.siteId, u.userId, u.identifier);
    if (now?.id === u.id && now.status !== UploadStatus.done) return this.result(u.siteId, u.userId, u);
    await this.p.storage.removeAll(uploadPrefix(u.siteId, u.userId, u.id));
    if (now?.id === u.id) return this.result(u.siteId, u.userId, u);
    throw fail('该文件的上传已重新开始，请重新上传该分片');
  }

  private async result(siteId: bigint, userId: bigint, upload: UploadRow): Promise<TChunkResult> {
    const have = await this.vod.sameFile(siteId, userId, upload.identifier);
    if (have) return { skipUpload: true, uploaded: [], video: have };
    return { skipUpload: false, uploaded: await this.repo.chunkNumbers(siteId, upload.id), video: null };
  }

  /**
   * Completes an upload whose chunks are all in. Exactly one request does it (the claim). Every chunk was recorded
   * with exactly its size, so the file has the announced size; the file is renamed into the video's source, not
   * copied, and recorded with the MD5 the browser announced, which the transcode checks as it reads the source
   * (decision 25).
   */
  private async assemble(u: UploadRow): Promise<TVodVideo | undefined> {
    if (!(await this.repo.claim(u.siteId, u.id, UploadStatus.receiving, UploadStatus.assembling))) return undefined;
    const videoId = newId();
    const sourceKey = sourceKeyFor(u.siteId, `${videoId}.${extOf(u.fileName)}`);
    try {
      await this.p.storage.move(partialKey(u.siteId, u.userId, u.id), sourceKey);
    } catch (err) {
      await this.repo.claim(u.siteId, u.id, UploadStatus.assembling, UploadStatus.receiving);
      throw err;
    }
    try {
      await this.vod.mustPlay(sourceKey);
    } catch (err) {
      // refused by ffprobe, or not checked: the upload is over, and sending the file again starts afresh
      await this.p.storage.remove(sourceKey);
      await this.discard(u);
      throw err;
    }
    const video = await this.vod.createFromStorageKey(
      u.siteId,
      u.userId,
      { videoName: titleOf(u.fileName), sourceKey, sizeBytes: u.totalSize, md5: u.identifier },
      videoId,
    );
    await this.repo.claim(u.siteId, u.id, UploadStatus.assembling, UploadStatus.done, { videoId });
    await this.p.storage.removeAll(uploadPrefix(u.siteId, u.userId, u.id));
    await this.repo.dropChunks(u.siteId, u.id);
    return video;
  }

  private async discard(u: UploadRow): Promise<void> {
    await this.p.storage.removeAll(uploadPrefix(u.siteId, u.userId, u.id));
    await this.repo.remove(u.siteId, u.id);
  }

  /** Deletes the chunks of uploads untouched for a day; returns how many uploads were dropped. */
  async sweep(now: Date): Promise<number> {
    let dropped = 0;
    for (;;) {
      const rows = await this.repo.stale(new Date(now.getTime() - STALE_AFTER_MS), 100);
      for (const u of rows) await this.discard(u);
      dropped += rows.length;
      if (rows.length < 100) return dropped;
    }
  }

  /**
   * A whole video in one multipart request (field `file`): streamed into storage while its MD5 is taken, checked
   * like a chunked upload, then queued for transcoding. `check` sees the fields sent before the file and may refuse.
   */
  async whole(
    siteId: bigint,
    userId: bigint,
    req: FastifyRequest,
    check: (fields: Record<string, unknown>) => Promise<void> = async () => {},
  ): Promise<{ video: TVodVideo; fields: Record<string, unknown> }> {
    await this.lecturer(siteId, userId);
    if (!req.isMultipart()) throw fail('请以 multipart/form-data 上传视频（字段 file）');
    const part = await req.file({ limits: { fileSize: VIDEO_MAX_BYTES, files: 1 } });
    if (!part) throw fail('请选择要上传的视频');
    if (part.fieldname !== 'file') throw fail('上传字段应为 file');
    const fields = fieldsOf(part);
    if (!isVideoFileName(part.filename)) {
      part.file.resume();
      throw fail(VIDEO_TYPE_MESSAGE);
    }
    try {
      await check(fields);
    } catch (err) {
      part.file.resume();
      throw err;
    }
    return { video: await storeWholeVideo(this.p.storage, this.vod, siteId, userId, part), fields };
  }
}
