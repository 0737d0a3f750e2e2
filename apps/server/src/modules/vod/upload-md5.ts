import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Storage } from '../../platform/storage.ts';
import type { HashReply, HashRequest } from './upload-md5-thread.ts';
import { partialKey } from './upload-file.ts';

/**
 * Where an upload's MD5 is kept while its chunks arrive: it is fed byte ranges of the upload's file, in order, and
 * answers how many bytes each had (fewer when the file is shorter).
 */
interface RangeHasher {
  update(token: number, key: string, start: number, end: number): Promise<number>;
  digest(token: number): Promise<string>;
  forget(token: number): void;
}

type Call = { [K in HashRequest['op']]: Omit<Extract<HashRequest, { op: K }>, 'seq'> }[HashRequest['op']];

/**
 * One thread per process hashes every upload (upload-md5-thread.ts), reading the file itself: the event loop
 * spends nothing on MD5 and holds no chunk bytes for it. Kept referenced only while it has work, so it never
 * keeps a process alive; a thread that dies takes its hashes with it, and their uploads hash again at the end.
 */
class HashThread {
  private worker: Worker | undefined;
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (r: HashReply) => void; reject: (err: Error) => void }>();

  call(req: Call): Promise<HashReply> {
    const w = this.start();
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      if (this.waiting.size === 1) w.ref();
      w.postMessage({ ...req, seq } satisfies HashRequest);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./upload-md5-thread.ts', import.meta.url));
    w.unref();
    w.on('message', (r: HashReply) => {
      const p = this.waiting.get(r.seq);
      this.waiting.delete(r.seq);
      if (this.waiting.size === 0) w.unref();
      if (r.error !== undefined) p?.reject(new Error(r.error));
      else p?.resolve(r);
    });
    const down = (err: Error) => {
      if (this.worker === w) this.worker = undefined;
      for (const p of this.waiting.values()) p.reject(err);
      this.waiting.clear();
    };
    w.on('error', down);
    w.on('exit', (code) => down(new Error(`the MD5 thread stopped (exit code ${code})`)));
    return (this.worker = w);
  }
}

let thread: HashThread | undefined;

function threadHasher(localPath: (key: string) => string): RangeHasher {
  thread ??= new HashThread();
  const t = thread;
  return {
    update: async (token, key, start, end) => (await t.call({ op: 'update', token, file: localPath(key), start, end })).bytes!,
    digest: async (token) => (await t.call({ op: 'digest', token })).md5!,
    forget: (token) => void t.call({ op: 'forget', token }).catch(() => undefined),
  };
}

/** Storage that is not a local folder: the ranges are streamed from it and hashed on the event loop. */
function streamHasher(storage: Storage): RangeHasher {
  const hashes = new Map<number, crypto.Hash>();
  return {
    async update(token, key, start, end) {
      let hash = hashes.get(token);
      if (!hash && start > 0) throw new Error('the MD5 of this upload was lost');
      if (!hash) hashes.set(token, (hash = crypto.createHash('md5')));
      let bytes = 0;
      for await (const buf of storage.read(key, { start, end: end - 1 }) as AsyncIterable<Buffer>) {
        hash.update(buf);
        bytes += buf.length;
      }
      return bytes;
    },
    async digest(token) {
      const hash = hashes.get(token);
      hashes.delete(token);
      if (!hash) throw new Error('the MD5 of this upload was lost');
      return hash.digest('hex');
    },
    forget: (token) => void hashes.delete(token),
  };
}

interface Progress {
  /** names this upload's MD5 in the hasher; a fresh one for every start from the file's first byte */
  token: number;
  /** the next chunk to hash */
  next: number;
  bytes: number;
  /** chunks known to be stored */
  stored: Set<number>;
  pass?: Promise<void>;
  /** a hash failed or the upload was dropped: nothing more is hashed, finish() starts over from the file */
  broken?: boolean;
}

/** Bytes hashed in one request to the hasher, so that one upload never holds the thread up for long. */
const MAX_RANGE = 32 * 1024 * 1024;
let tokens = 0;
const progress = (): Progress => ({ token: ++tokens, next: 1, bytes: 0, stored: new Set() });

/**
 * The MD5 of an upload's file, computed while the chunks arrive: whenever the chunks from the next unhashed one run
 * unbroken, that stretch is read back from the file (still in the page cache) and hashed, off the event loop when
 * storage is a local folder. When the last chunk lands, little or nothing is left to hash. Kept in this process's
 * memory; chunks another process stored, or a restart, are hashed at the end.
 */
export class RunningMd5 {
  private readonly hasher: RangeHasher;
  private readonly uploads = new Map<bigint, Progress>();
  constructor(storage: Storage) {
    const local = storage.localPath?.bind(storage);
    this.hasher = local ? threadHasher(local) : streamHasher(storage);
  }

  /** Chunks now stored (all of them, or just the latest); hashing moves forward as far as the chunks run unbroken. */
  stored(u: Layout, chunks: Iterable<number>): void {
    let p = this.uploads.get(u.id);
    if (!p) this.uploads.set(u.id, (p = progress()));
    for (const n of chunks) p.stored.add(n);
    if (!p.pass && !p.broken) {
      const q = p;
      q.pass = this.forward(u, q, (n) => q.stored.has(n))
        .catch(() => undefined) // finish() starts over from the file
        .finally(() => (q.pass = undefined));
    }
  }

  /** The whole file's MD5 and size, hashing whatever has not been reached yet. */
  async finish(u: Layout): Promise<{ md5: string; size: number }> {
    let p = this.uploads.get(u.id);
    // another chunk's stored() may start a pass again while this one waits: only an idle upload is taken over
    while (p?.pass) await p.pass;
    this.uploads.delete(u.id);
    if (!p || p.broken) {
      if (p) this.hasher.forget(p.token);
      p = progress();
    }
    try {
      await this.forward(u, p, () => true);
      return { md5: await this.hasher.digest(p.token), size: p.bytes };
    } catch (err) {
      this.hasher.forget(p.token);
      throw err;
    }
  }

  forget(uploadId: bigint): void {
    const p = this.uploads.get(uploadId);
    this.uploads.delete(uploadId);
    if (!p) return;
    p.broken = true; // a pass under way stops at its next step
    this.hasher.forget(p.token);
  }

  private async forward(u: Layout, p: Progress, ready: (n: number) => boolean): Promise<void> {
    const key = partialKey(u.siteId, u.userId, u.id);
    const endOf = (n: number) => (n === u.totalChunks ? u.totalSize : n * u.chunkSize);
    try {
      while (!p.broken && p.next <= u.totalChunks && ready(p.next)) {
        const start = (p.next - 1) * u.chunkSize;
        let last = p.next;
        while (last < u.totalChunks && ready(last + 1) && endOf(last + 1) - start <= MAX_RANGE) last++;
        const bytes = await this.hasher.update(p.token, key, start, endOf(last));
        p.bytes += bytes;
        p.next = last + 1;
        // a short file is told by finish()'s size, whatever the MD5 says
        if (bytes < endOf(last) - start) p.next = u.totalChunks + 1;
      }
    } catch (err) {
      p.broken = true;
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
