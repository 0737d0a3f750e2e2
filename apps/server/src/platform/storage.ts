import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { S3Settings } from './storage-s3.ts';

/** Where uploaded files live: a local folder by default (served under /media), S3 at scale. */
/**
 * Areas of storage that /media never serves: video sources, HLS files and upload chunks (`vod/`), and the
 * downloadable files and documents of courses (`course-files/`). They are reached only through calls that check
 * who is asking (signed play URLs, short-lived download links).
 */
export const PRIVATE_AREAS = ['vod/', 'course-files/'] as const;

/** Whether /media may serve a storage path (with or without its leading slash). */
export const isPublicMediaPath = (pathname: string) => {
  const key = pathname.replace(/^\/+/, '');
  return !PRIVATE_AREAS.some((area) => key.startsWith(area));
};

/**
 * Where a course's downloadable file or library document is stored: in the private `course-files/` area, under a
 * random name; learners reach it only through a download link.
 */
export const courseFileKey = (siteId: bigint, ext: string) =>
  `course-files/${siteId}/${crypto.randomBytes(16).toString('hex')}/${crypto.randomBytes(4).toString('hex')}.${ext.replace(/^\./, '')}`;

/** A file as listed: its key and size in bytes. */
export interface StoredEntry {
  key: string;
  size: number;
}

/** A file opened for reading, with what a reply needs to announce it. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType?: string;
}

export interface Storage {
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** The file, or the bytes `start`..`end` of it (inclusive, as in an HTTP range). */
  read(key: string, range?: { start: number; end: number }): Readable;
  /**
   * Writes bytes into a file at an offset, creating the file if needed (a chunked upload's parts, which arrive in
   * any order). The file is incomplete until its writer says so; `move` then gives it its final key.
   */
  writeAt(key: string, offset: number, body: AsyncIterable<Buffer>): Promise<number>;
  /** The file's path on this machine, when storage is a local folder (a worker thread may then read it directly). */
  localPath?(key: string): string;
  /** Gives a file another key without copying it. */
  move(from: string, to: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (a folder, ending in '/'); nothing there is not an error. */
  removeAll(prefix: string): Promise<void>;
  /** Every file whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /** The URL a browser uses to fetch a public file. */
  publicUrl(key: string): string;
  /**
   * A URL that fetches a private file for `seconds` with no other credential (object storage only), named
   * `downloadName` when the browser saves it.
   */
  signedUrl?(key: string, seconds: number, downloadName?: string): Promise<string>;
  /** The file with its type and size, when the store serves public media itself (object storage: no folder to serve). */
  open?(key: string): Promise<StoredFile | undefined>;
  /** Releases connections when the server stops. */
  close?(): void;
}

/** Bytes gathered before one write of a chunk (see writeAt). */
const WRITE_BATCH = 512 * 1024;

/** Writes the buffers at `position` in full: writev may write fewer bytes than asked. */
async function writeAll(fh: fs.promises.FileHandle, bufs: Buffer[], position: number): Promise<void> {
  let total = 0;
  for (const b of bufs) total += b.length;
  while (total > 0) {
    const { bytesWritten } = await fh.writev(bufs, position);
    total -= bytesWritten;
    if (total === 0) return;
    position += bytesWritten;
    let skip = bytesWritten;
    while (skip >= bufs[0]!.length) skip -= bufs.shift()!.length;
    bufs[0] = bufs[0]!.subarray(skip);
  }
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

export class LocalStorage implements Storage {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
    fs.mkdirSync(root, { recursive: true });
  }
  private file(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }
  async put(key: string, body: Buffer | Readable): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fs.promises.rename(tmp, file);
    } catch (err) {
      // a body refused on the way (a sniff that failed, a client gone) leaves no partial file behind
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }
  read(key: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.file(key), range);
  }
  localPath(key: string): string {
    return this.file(key);
  }
  async writeAt(key: string, offset: number, body: AsyncIterable<Buffer>): Promise<number> {
    const file = this.file(key);
    const fh = await fs.promises
      .open(file, fs.constants.O_WRONLY | fs.constants.O_CREAT)
      .catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        return fs.promises.open(file, fs.constants.O_WRONLY | fs.constants.O_CREAT);
      });
    // the socket hands over 64 KB at a time: gathered into one writev per WRITE_BATCH, with the next batch filling
    // while the previous is written, there are a few system calls per chunk instead of one per piece
    let at = offset;
    let batch: Buffer[] = [];
    let batched = 0;
    let failed: { err: unknown } | undefined;
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      await writing;
      if (failed) throw failed.err;
      const bufs = batch;
      const pos = at;
      at += batched;
      batch = [];
      batched = 0;
      writing = writeAll(fh, bufs, pos).catch((err: unknown) => void (failed = { err }));
    };
    try {
      for await (const buf of body) {
        batch.push(buf);
        batched += buf.length;
        if (batched >= WRITE_BATCH) await flush();
      }
      if (batched) await flush();
      await writing;
      if (failed) throw failed.err;
    } finally {
      await writing;
      await fh.close();
    }
    return at - offset;
  }
  async move(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(this.file(from), target);
  }
  async exists(key: string): Promise<boolean> {
    return fs.promises.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }
  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
  async removeAll(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error(`storage prefix must end with '/': ${prefix}`);
    await fs.promises.rm(this.file(prefix.slice(0, -1)), { recursive: true, force: true });
  }
  async *list(prefix: string): AsyncIterable<StoredEntry> {
    const found: StoredEntry[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const key = rel + e.name;
        if (e.isDirectory()) {
          if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) await walk(path.join(dir, e.name), `${key}/`);
        } else if (e.isFile() && key.startsWith(prefix) && !TEMP_FILE.test(e.name)) {
          found.push({ key, size: (await fs.promises.stat(path.join(dir, e.name))).size });
        }
      }
    };
    await walk(this.root, '');
    yield* found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
  publicUrl(key: string): string {
    return `/media/${key}`;
  }
}

/** A file `put` is still writing (renamed into place when complete). */
const TEMP_FILE = /\.\d+\.tmp$/;

/** The local folder, or the S3 bucket when `S3_*` is set (checked reachable before the server starts). */
export async function createStorage(cfg: { dataDir: string; s3?: S3Settings }): Promise<Storage> {
  if (!cfg.s3) return new LocalStorage(path.join(cfg.dataDir, 'files'));
  // the SDK is loaded only by servers that use it
  const { S3Storage } = await import('./storage-s3.ts');
  const storage = new S3Storage(cfg.s3);
  await storage.verify();
  return storage;
}
