import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Limits } from '#contract/codes.ts';
import { ChunkFields, VIDEO_MAX_BYTES, type TUnfinishedUpload, VIDEO_SIZE_MESSAGE, VIDEO_TYPE_MESSAGE, isVideoFileName, type TChunkFields, type TChunkResult } from '#contract/upload.ts';
import type { TVodVideo } from '#contract/vod.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, noPermission } from '../../platform/http/errors.ts';
import { describeIssues } from '../../platform/http/validation.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserService } from '../user/user.service.ts';
import { sourceKeyFor, VOD_PRIVATE_PREFIX } from './vod-keys.ts';
import type { VodService } from './vod.service.ts';
import { NOT_A_VIDEO, looksLikeVideo } from './upload-sniff.ts';
import { UploadStatus, uploadRepo, type UploadRepo, type UploadRow } from './upload.repo.ts';

export const UPLOAD_SWEEP_JOB = 'vod.upload.sweep';
/** Chunks of an upload nobody touched for this long are deleted (the browser starts over from its test call). */
const STALE_AFTER_MS = 24 * 60 * 60_000;
const LECTURER = 2;

const chunkKey = (siteId: bigint, userId: bigint, uploadId: bigint, n: number) => `${VOD_PRIVATE_PREFIX}${siteId}/upload/${userId}/${uploadId}/${n}`;
const extOf = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin';
const titleOf = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || name;

/** The size chunk `n` must have: full chunks, then the remainder in the last (simple-uploader's layout). */
function expectedChunkSize(f: TChunkFields): number {
  const lastSize = f.totalSize - (f.totalChunks - 1) * f.chunkSize;
  if (lastSize <= 0 || lastSize >= 2 * f.chunkSize || f.chunkNumber > f.totalChunks) throw fail('分片信息不一致，请刷新页面后重新上传');
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
 * single-request upload. Chunks wait under a private per-user prefix; the assembled file is checked against
 * its MD5 and handed to VodService, which queues the transcode.
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
    this.p.jobs.register(UPLOAD_SWEEP_JOB, async () => {
      await this.sweep(new Date());
      await this.scheduleSweep(24 * 60 * 60_000);
    });
    this.scheduleSweep(60 * 60_000).catch((err: unknown) => this.p.log.warn({ err }, 'could not schedule the upload sweep'));
  }

  /** At most one sweep a day across all processes: the dedupe key is the day it runs on. */
  private async scheduleSweep(inMs: number): Promise<void> {
    const at = new Date(Date.now() + inMs);
    await this.p.jobs.enqueue(UPLOAD_SWEEP_JOB, {}, { runAt: at, dedupeKey: `${UPLOAD_SWEEP_JOB}:${at.toISOString().slice(0, 10)}` });
  }

  private async lecturer(siteId: bigint, userId: bigint): Promise<void> {
    if ((await this.users.brief(siteId, userId)).userType !== LECTURER) throw noPermission('只有讲师可以上传视频，请先申请成为讲师');
  }

  async unfinished(siteId: bigint, userId: bigint): Promise<TUnfinishedUpload[]> {
    await this.lecturer(siteId, userId);
    const rows = await this.repo.unfinished(siteId, userId, 50);
    return rows.map(({ u, received }) => ({
      identifier: u.identifier,
      fileName: u.fileName,
      totalSize: u.totalSize,
      totalChunks: u.totalChunks,
      uploadedChunks: Number(received),
      gmtModified: formatTime(u.gmtModified),
    }));
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

  /** One chunk (multipart, field `file`, the protocol's fields before it). */
  async chunk(siteId: bigint, userId: bigint, req: FastifyRequest): Promise<TChunkResult> {
    await this.lecturer(siteId, userId);
    if (!req.isMultipart()) throw fail('请以 multipart/form-data 上传分片（字段 file）');
    const part = await req.file({ limits: { fileSize: Limits.uploadChunkBytes * 2, files: 1 } });
    if (!part) throw fail('请选择要上传的视频');
    if (part.fieldname !== 'file') throw fail('上传字段应为 file');
    const f = readFields({ filename: part.filename, ...fieldsOf(part) });
    const size = expectedChunkSize(f);
    const bytes = await part.toBuffer().catch(() => null);
    if (!bytes || part.file.truncated || bytes.length !== size || f.currentChunkSize !== size) {
      throw fail(`第 ${f.chunkNumber} 片不完整，请重新上传该分片`);
    }
    if (f.chunkNumber === 1 && !looksLikeVideo(bytes.subarray(0, 512))) throw fail(NOT_A_VIDEO);

    const have = await this.vod.sameFile(siteId, userId, f.identifier);
    if (have) return { skipUpload: true, uploaded: [], video: have };
    const fresh = () =>
      this.repo.open({
        id: newId(),
        siteId,
        userId,
        identifier: f.identifier,
        fileName: f.filename,
        totalSize: f.totalSize,
        totalChunks: f.totalChunks,
        chunkSize: f.chunkSize,
      });
    let upload = await fresh();
    // a finished upload whose video was deleted (or failed), or the same file announced with another layout: start over
    if (upload.status === UploadStatus.done || (upload.status === UploadStatus.receiving && !this.sameLayout(upload, f))) {
      await this.discard(upload);
      upload = await fresh();
    }
    if (upload.status !== UploadStatus.receiving) return this.result(siteId, userId, upload);

    await this.p.storage.put(chunkKey(siteId, userId, upload.id, f.chunkNumber), bytes);
    const received = await this.repo.addChunk(siteId, upload.id, f.chunkNumber, bytes.length);
    if (received === upload.totalChunks) {
      const video = await this.assemble(upload);
      if (video) return { skipUpload: true, uploaded: [], video };
    }
    return this.result(siteId, userId, upload);
  }

  private async result(siteId: bigint, userId: bigint, upload: UploadRow): Promise<TChunkResult> {
    const have = await this.vod.sameFile(siteId, userId, upload.identifier);
    if (have) return { skipUpload: true, uploaded: [], video: have };
    return { skipUpload: false, uploaded: await this.repo.chunkNumbers(siteId, upload.id), video: null };
  }

  /**
   * Joins the chunks into the video's source file. Exactly one request does it (the claim); the file must have
   * the MD5 the browser announced, else everything is discarded and the lecturer uploads again.
   */
  private async assemble(u: UploadRow): Promise<TVodVideo | undefined> {
    if (!(await this.repo.claim(u.siteId, u.id, UploadStatus.receiving, UploadStatus.assembling))) return undefined;
    const videoId = newId();
    const sourceKey = sourceKeyFor(u.siteId, `${videoId}.${extOf(u.fileName)}`);
    const hash = crypto.createHash('md5');
    let size = 0;
    try {
      const storage = this.p.storage;
      const keys = Array.from({ length: u.totalChunks }, (_, i) => chunkKey(u.siteId, u.userId, u.id, i + 1));
      const joined = Readable.from(
        (async function* () {
          for (const k of keys) {
            for await (const buf of storage.read(k) as AsyncIterable<Buffer>) {
              hash.update(buf);
              size += buf.length;
              yield buf;
            }
          }
        })(),
      );
      await storage.put(sourceKey, joined);
    } catch (err) {
      await this.repo.claim(u.siteId, u.id, UploadStatus.assembling, UploadStatus.receiving);
      throw err;
    }
    if (hash.digest('hex') !== u.identifier || size !== u.totalSize) {
      await this.p.storage.remove(sourceKey);
      await this.discard(u);
      throw fail('文件校验失败（内容与文件标识不一致），请重新上传');
    }
    const video = await this.vod.createFromStorageKey(u.siteId, u.userId, { videoName: titleOf(u.fileName), sourceKey, sizeBytes: size, md5: u.identifier }, videoId);
    await this.repo.claim(u.siteId, u.id, UploadStatus.assembling, UploadStatus.done, { videoId });
    await this.removeChunkFiles(u);
    await this.repo.dropChunks(u.siteId, u.id);
    return video;
  }

  private async removeChunkFiles(u: UploadRow): Promise<void> {
    for (let n = 1; n <= u.totalChunks; n++) await this.p.storage.remove(chunkKey(u.siteId, u.userId, u.id, n));
  }

  private async discard(u: UploadRow): Promise<void> {
    await this.removeChunkFiles(u);
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
    const videoId = newId();
    const sourceKey = sourceKeyFor(siteId, `${videoId}.${extOf(part.filename)}`);
    const hash = crypto.createHash('md5');
    let size = 0;
    let head: Buffer | undefined;
    let notVideo = false;
    const source = part.file;
    // hashed and sniffed as it streams: nothing is read before storage starts consuming it
    const checked = Readable.from(
      (async function* () {
        for await (const buf of source as AsyncIterable<Buffer>) {
          if (!head) {
            head = buf.subarray(0, 512);
            if (!looksLikeVideo(head)) {
              notVideo = true;
              throw new Error('not a video');
            }
          }
          hash.update(buf);
          size += buf.length;
          yield buf;
        }
      })(),
    );
    try {
      await this.p.storage.put(sourceKey, checked);
    } catch (err) {
      await this.p.storage.remove(sourceKey);
      part.file.resume();
      if (notVideo) throw fail(NOT_A_VIDEO);
      throw err;
    }
    if (part.file.truncated) {
      await this.p.storage.remove(sourceKey);
      throw fail(VIDEO_SIZE_MESSAGE);
    }
    if (size === 0 || !head) {
      await this.p.storage.remove(sourceKey);
      throw fail('文件为空，请检查文件');
    }
    const md5 = hash.digest('hex');
    const earlier = await this.vod.sameFile(siteId, userId, md5);
    if (earlier) {
      await this.p.storage.remove(sourceKey);
      return { video: earlier, fields };
    }
    const video = await this.vod.createFromStorageKey(siteId, userId, { videoName: titleOf(part.filename), sourceKey, sizeBytes: size, md5 }, videoId);
    return { video, fields };
  }
}
