import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ConfigError } from './config.ts';
import { contentTypeOf } from './content-type.ts';
import type { Storage, StoredEntry, StoredFile } from './storage.ts';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  publicUrl?: string;
  forcePathStyle: boolean;
}

/**
 * Parts of a multipart upload: S3 wants at least 5 MiB for every part but the last. One part is held in memory
 * while it is sent, so this is also what one upload in progress costs.
 */
const PART_BYTES = 8 * 1024 * 1024;
/** CopyObject copies at most 5 GiB in one request; a larger file is streamed through instead. */
const COPY_MAX_BYTES = 5 * 1024 ** 3;
/** An object of a chunk written at an offset: `<key>.parts/<offset, 15 digits>`, so a listing sorts them. */
const PARTS = '.parts/';
const partKey = (key: string, offset: number) => `${key}${PARTS}${String(offset).padStart(15, '0')}`;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** A key as it goes into a URL path: each segment escaped, the slashes kept. */
const urlPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/**
 * Files in an S3-compatible bucket (AWS SDK v3). Keys are the local folder's relative paths, so files copied from
 * `DATA_DIR/files` keep their keys and the URLs stored in the database. A chunked upload's chunks are separate
 * objects (`writeAt`), so consecutive chunks may reach different processes; `move` joins them into the final file.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBase: string | undefined;

  constructor(s: S3Settings) {
    this.bucket = s.bucket;
    this.publicBase = s.publicUrl;
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
      forcePathStyle: s.forcePathStyle,
      // checksums only where the API requires one: with the SDK's default, streamed bodies reach some
      // S3-compatible stores corrupted, and a presigned PUT would carry the checksum of an empty body
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Refuses to start on a bucket that cannot be reached, rather than failing on the first upload. */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? '存储桶不存在，请先创建'
          : status === 403
            ? '访问被拒绝，请检查 S3_ACCESS_KEY、S3_SECRET_KEY 与存储桶权限'
            : `${(err as Error).message || (err as Error).name}`;
      throw new ConfigError(`无法访问 S3 存储桶 ${this.bucket}：${why}`);
    }
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: body, ContentType: contentTypeOf(key) }),
      );
      return;
    }
    await this.putStream(key, body);
  }

  /**
   * Streams a body of unknown length: one PutObject when it fits one part, a multipart upload otherwise (aborted
   * on failure, so no parts are left billed). Returns the bytes stored.
   */
  private async putStream(key: string, body: AsyncIterable<Buffer>): Promise<number> {
    checkKey(key);
    const ContentType = contentTypeOf(key);
    let held: Buffer[] = [];
    let heldBytes = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      const Body = Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      uploadId ??= (
        await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType }))
      ).UploadId!;
      const PartNumber = parts.length + 1;
      const r = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body }),
      );
      parts.push({ ETag: r.ETag, PartNumber });
    };
    try {
      for await (const buf of body) {
        held.push(buf);
        heldBytes += buf.length;
        total += buf.length;
        if (heldBytes >= PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        const Body = Buffer.concat(held, heldBytes);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body, ContentType }));
        return total;
      }
      if (heldBytes > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return total;
    } catch (err) {
      if (uploadId !== undefined) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw err;
    }
  }

  /** The file with its size and type, or undefined when there is none. */
  async open(key: string, range?: { start: number; end: number }): Promise<StoredFile | undefined> {
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checkKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return { body: r.Body as Readable, size: r.ContentLength ?? 0, contentType: r.ContentType };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    this.open(key, range).then(
      (file) => {
        if (!file) out.destroy(Object.assign(new Error(`no such file: ${key}`), { code: 'ENOENT' }));
        else pipeline(file.body, out).catch(() => {});
      },
      (err: unknown) => out.destroy(err as Error),
    );
    return out;
  }

  async writeAt(key: string, offset: number, body: AsyncIterable<Buffer>): Promise<number> {
    return this.putStream(partKey(key, offset), body);
  }

  /**
   * A whole file is copied inside the store and the original deleted. A file written by `writeAt` is joined from
   * its chunks in the order of their offsets, which must follow each other without a gap, then the chunks go.
   */
  async move(from: string, to: string): Promise<void> {
    const whole = await this.size(from);
    if (whole !== undefined) {
      if (whole <= COPY_MAX_BYTES) {
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.bucket,
            Key: checkKey(to),
            CopySource: `${this.bucket}/${urlPath(checkKey(from))}`,
            ContentType: contentTypeOf(to),
            MetadataDirective: 'REPLACE',
          }),
        );
      } else {
        await this.putStream(to, this.read(from));
      }
      await this.remove(from);
      return;
    }
    const chunks: StoredEntry[] = [];
    for await (const e of this.list(`${from}${PARTS}`)) chunks.push(e);
    if (chunks.length === 0) throw Object.assign(new Error(`no such file: ${from}`), { code: 'ENOENT' });
    let at = 0;
    for (const c of chunks) {
      const offset = Number(c.key.slice(from.length + PARTS.length));
      if (offset !== at) throw new Error(`file ${from} has a gap at byte ${at}`);
      at += c.size;
    }
    const read = (key: string) => this.read(key);
    await this.putStream(
      to,
      (async function* () {
        for (const c of chunks) for await (const buf of read(c.key)) yield buf as Buffer;
      })(),
    );
    await this.removeAll(`${from}${PARTS}`);
  }

  private async size(key: string): Promise<number | undefined> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return r.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async removeAll(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error(`storage prefix must end with '/': ${prefix}`);
    let batch: { Key: string }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const r = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }),
      );
      batch = [];
      if (r.Errors?.length) throw new Error(`could not delete ${r.Errors[0]!.Key}: ${r.Errors[0]!.Message}`);
    };
    for await (const e of this.list(prefix)) {
      batch.push({ Key: e.key });
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    let ContinuationToken: string | undefined;
    do {
      const r = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const o of r.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  publicUrl(key: string): string {
    return this.publicBase ? `${this.publicBase}/${urlPath(key)}` : `/media/${urlPath(key)}`;
  }

  /** A GET of a private file that works for `seconds` without any other credential; `downloadName` names the file. */
  async signedUrl(key: string, seconds: number, downloadName?: string): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        ...(downloadName
          ? { ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}` }
          : {}),
      }),
      { expiresIn: seconds },
    );
  }

  close(): void {
    this.client.destroy();
  }
}
