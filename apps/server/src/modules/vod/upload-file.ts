import type { Storage } from '../../platform/storage.ts';
import { VOD_PRIVATE_PREFIX } from './vod-keys.ts';

/** Everything an upload keeps while it is in progress. */
export const uploadPrefix = (siteId: bigint, userId: bigint, uploadId: bigint) =>
  `${VOD_PRIVATE_PREFIX}${siteId}/upload/${userId}/${uploadId}/`;
/**
 * The file an upload is written into: every chunk goes straight to its place (offset (n − 1) × chunkSize), so the
 * complete file is only renamed into the source, never copied.
 */
export const partialKey = (siteId: bigint, userId: bigint, uploadId: bigint) =>
  `${uploadPrefix(siteId, userId, uploadId)}data`;

export const extOf = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin';
/** A video's name from its file's name. */
/** A video's name from its file's: no extension, and none of the control characters (a NUL) a name may carry. */
export const titleOf = (name: string) => {
  const clean = [...name].filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f').join('');
  return clean.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || clean;
};

/** A chunk that brought more bytes than its place holds. */
export class ChunkOverflow extends Error {}

/**
 * Streams one chunk into its place in the upload's file. At most `size` bytes are written, so a chunk that is too
 * long never spills into the next one's place; `head` sees the first bytes before anything is written (the first
 * chunk must look like a video). Nothing is kept once written. Returns the chunk's size.
 */
export async function writeChunk(
  storage: Storage,
  key: string,
  at: { offset: number; size: number },
  source: AsyncIterable<Buffer>,
  head?: (first: Buffer) => void,
  observe?: (buf: Buffer) => void,
): Promise<number> {
  let seen = 0;
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
        observe?.(buf);
        if (!pending) {
          yield buf;
          continue;
        }
        pending = Buffer.concat([pending, buf]);
        if (pending.length >= 512) {
          head!(pending);
          yield pending;
          pending = undefined;
        }
      }
      if (pending?.length) {
        head!(pending);
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
  return seen;
}
