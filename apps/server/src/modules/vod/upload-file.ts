import crypto from 'node:crypto';
import type { Storage } from '../../platform/storage.ts';
import { VOD_PRIVATE_PREFIX } from './vod-keys.ts';

/** Everything an upload keeps while it is in progress. */
export const uploadPrefix = (siteId: bigint, userId: bigint, uploadId: bigint) => `${VOD_PRIVATE_PREFIX}${siteId}/upload/${userId}/${uploadId}/`;
/**
 * The file an upload is written into: every chunk goes straight to its place (offset (n − 1) × chunkSize), so the
 * complete file is only renamed into the source, never copied.
 */
export const partialKey = (siteId: bigint, userId: bigint, uploadId: bigint) => `${uploadPrefix(siteId, userId, uploadId)}data`;

export const extOf = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin';
/** A video's name from its file's name. */
export const titleOf = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || name;

/** A chunk that brought more bytes than its place holds. */
export class ChunkOverflow extends Error {}

/**
 * Streams one chunk into its place in the upload's file. At most `size` bytes are written, so a chunk that is too
 * long never spills into the next one's place; `head` sees the first bytes before anything is written (the first
 * chunk must look like a video). Returns the chunk's size and its bytes as they arrived (for the running MD5).
 */
export async function writeChunk(
  storage: Storage,
  key: string,
  at: { offset: number; size: number },
  source: AsyncIterable<Buffer>,
  head?: (first: Buffer) => void,
): Promise<{ size: number; bytes: Buffer[] }> {
  let seen = 0;
  const bytes: Buffer[] = [];
  // read by hand: leaving a for-await early would destroy the part's stream, and the rest of the request body
  // would then stay unread on the socket, holding up the next request of a kept-alive connection
  const it = source[Symbol.asyncIterator]();
  let refused: unknown;
  const bounded = (async function* () {
    // the first 512 bytes are judged together, however the socket cut them
    let pending: Buffer | undefined = head ? Buffer.alloc(0) : undefined;
    try {
      for (let r = await it.next(); !r.done; r = await it.next()) {
        const buf = r.value;
        seen += buf.length;
        if (seen > at.size) throw new ChunkOverflow();
        if (!pending) {
          bytes.push(buf);
          yield buf;
          continue;
        }
        pending = Buffer.concat([pending, buf]);
        if (pending.length >= 512) {
          head!(pending);
          bytes.push(pending);
          yield pending;
          pending = undefined;
        }
      }
      if (pending?.length) {
        head!(pending);
        bytes.push(pending);
        yield pending;
      }
    } catch (err) {
      refused = err;
    }
  })();
  await storage.writeAt(key, at.offset, bounded);
  if (refused) {
    for (let r = await it.next(); !r.done; r = await it.next());
    throw refused;
  }
  return { size: seen, bytes };
}

interface Progress {
  hash: crypto.Hash;
  /** the next chunk to hash */
  next: number;
  bytes: number;
  /** chunks known to be stored */
  stored: Set<number>;
  /** bytes of chunks that arrived ahead of `next`, kept until their turn (a few: chunks travel 3 at a time) */
  ahead: Map<number, Buffer[]>;
  pass?: Promise<void>;
}

/**
 * Chunks kept in memory while they wait for an earlier one: a few per upload, and a bound for the process however
 * many lecturers upload at once (16 × 2 MB); others are read back from the file when their turn comes.
 */
const AHEAD_PER_UPLOAD = 6;
const AHEAD_PER_PROCESS = 16;

const progress = (): Progress => ({ hash: crypto.createHash('md5'), next: 1, bytes: 0, stored: new Set(), ahead: new Map() });

/**
 * The MD5 of an upload's file, computed while the chunks arrive, in order: a chunk that is next is hashed from the
 * bytes just received, one that came early waits in memory (a few) or is read back from the file later. When the
 * last chunk lands, little or nothing is left to hash. Kept in this process's memory; chunks another process
 * stored, or a restart, are read back and hashed at the end.
 */
export class RunningMd5 {
  private readonly storage: Storage;
  private readonly uploads = new Map<bigint, Progress>();
  private kept = 0;
  constructor(storage: Storage) {
    this.storage = storage;
  }

  /** Chunks now stored (`bytes`: the one just received); hashing moves forward as far as the chunks run unbroken. */
  stored(u: Layout, chunks: Iterable<number>, just?: { n: number; bytes: Buffer[] }): void {
    let p = this.uploads.get(u.id);
    if (!p) this.uploads.set(u.id, (p = progress()));
    for (const n of chunks) p.stored.add(n);
    if (just && just.n === p.next && !p.pass) this.take(p, just.bytes);
    else if (just && just.n >= p.next && !p.ahead.has(just.n) && p.ahead.size < AHEAD_PER_UPLOAD && this.kept < AHEAD_PER_PROCESS) {
      p.ahead.set(just.n, just.bytes);
      this.kept++;
    }
    if (!p.pass && p.next !== 0) {
      p.pass = this.forward(u, p, (n) => p.stored.has(n))
        .catch(() => undefined) // finish() starts over from the file
        .finally(() => (p.pass = undefined));
    }
  }

  /** The whole file's MD5 and size, hashing whatever the background has not reached yet. */
  async finish(u: Layout): Promise<{ md5: string; size: number }> {
    let p = this.uploads.get(u.id);
    if (p?.pass) await p.pass.catch(() => undefined);
    this.uploads.delete(u.id);
    if (!p || p.next === 0) p = progress();
    try {
      await this.forward(u, p, () => true);
    } finally {
      this.release(p);
    }
    return { md5: p.hash.digest('hex'), size: p.bytes };
  }

  forget(uploadId: bigint): void {
    const p = this.uploads.get(uploadId);
    if (p) this.release(p);
    this.uploads.delete(uploadId);
  }

  /** Lets go of the chunks an upload kept in memory. */
  private release(p: Progress): void {
    this.kept -= p.ahead.size;
    p.ahead.clear();
  }

  private take(p: Progress, bytes: Buffer[]): void {
    if (p.ahead.delete(p.next)) this.kept--;
    for (const b of bytes) {
      p.hash.update(b);
      p.bytes += b.length;
    }
    p.next++;
  }

  private async forward(u: Layout, p: Progress, ready: (n: number) => boolean): Promise<void> {
    try {
      while (p.next <= u.totalChunks) {
        const kept = p.ahead.get(p.next);
        if (kept) {
          this.take(p, kept);
          continue;
        }
        if (!ready(p.next)) return;
        const start = (p.next - 1) * u.chunkSize;
        const end = p.next === u.totalChunks ? u.totalSize - 1 : start + u.chunkSize - 1;
        const read: Buffer[] = [];
        for await (const buf of this.storage.read(partialKey(u.siteId, u.userId, u.id), { start, end }) as AsyncIterable<Buffer>) read.push(buf);
        this.take(p, read);
      }
    } catch (err) {
      p.next = 0; // unusable: finish starts over from the file
      this.release(p);
      throw err;
    }
  }
}

export interface Layout {
  id: bigint;
  siteId: bigint;
  userId: bigint;
  totalChunks: number;
  chunkSize: number;
  totalSize: number;
}
