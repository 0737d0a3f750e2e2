import type { Storage } from '../../platform/storage.ts';

/** How long an answer is reused, in ms: short for what changes each segment, long for what never does. */
export const HLS_CACHE_MS = { session: 1000, playlist: 100, segment: 30_000 };
/** Segments kept at most: a sliding window of 8 per broadcast, a few broadcasts at once. */
const MAX_SEGMENTS = 64;

interface Entry<T> {
  value: Promise<T>;
  at: number;
}

/**
 * What every viewer of a broadcast asks for at once, read once: its session row (is it on air?) and its HLS files.
 * Thousands of viewers poll the same playlist each segment and then fetch the same new segment; without this each
 * of them costs a database query and a storage read (a bucket request when storage is S3). A playlist is reused
 * for at most 100 ms (a segment is listed that much later at worst); a segment never changes once listed (ffmpeg
 * writes it under a temporary name and renames it), so it is kept until it has left every playlist.
 */
export class LiveHlsCache {
  private readonly sessions = new Map<string, Entry<unknown>>();
  private readonly files = new Map<string, Entry<Buffer | undefined>>();
  private readonly storage: Storage;

  constructor(storage: Storage) {
    this.storage = storage;
  }

  /** `load`'s answer for this session, reused for a second (a failure is not kept). */
  session<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.reuse(this.sessions, key, HLS_CACHE_MS.session, load) as Promise<T>;
  }

  /** A file's bytes, or undefined when it is not there (a miss is not kept: the file may be written next). */
  file(key: string, isPlaylist: boolean): Promise<Buffer | undefined> {
    const ttl = isPlaylist ? HLS_CACHE_MS.playlist : HLS_CACHE_MS.segment;
    const got = this.reuse(this.files, key, ttl, () => this.read(key));
    void got.then((b) => {
      if (b === undefined) this.files.delete(key);
    });
    if (!isPlaylist) this.trim();
    return got;
  }

  private reuse<T>(map: Map<string, Entry<T>>, key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at < ttl) return hit.value;
    const value = load();
    map.delete(key); // set again at the end: the map's order is the age order trim() relies on
    map.set(key, { value, at: now });
    value.catch(() => map.delete(key));
    return value;
  }

  private async read(key: string): Promise<Buffer | undefined> {
    if (!(await this.storage.exists(key))) return undefined;
    const parts: Buffer[] = [];
    for await (const c of this.storage.read(key)) parts.push(c as Buffer);
    return Buffer.concat(parts);
  }

  /** Drops the oldest entries beyond the bound, and sessions long unasked. */
  private trim(): void {
    const now = Date.now();
    for (const [k, e] of this.files) {
      if (this.files.size <= MAX_SEGMENTS && now - e.at < HLS_CACHE_MS.segment) break;
      this.files.delete(k);
    }
    for (const [k, e] of this.sessions) if (now - e.at > HLS_CACHE_MS.segment) this.sessions.delete(k);
  }
}
