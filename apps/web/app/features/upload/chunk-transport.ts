import { Limits, ResultCode } from '#contract/codes.ts';
import { videoInfoUpload, type TChunkResult } from '#contract/upload.ts';
import { ApiError, browserFetch, dataOf, readEnvelope, type Envelope } from '../../api/client.ts';
import type { ChunkFieldValues } from './chunk-plan.ts';
import { crc32Hex } from './crc32.ts';
import { StopRetrying } from './retry.ts';

export const OFFLINE_MESSAGE = '网络已断开，恢复后自动继续';

/** The browser reports no network: the upload waits for the `online` event instead of spending its retries. */
export class OfflineError extends StopRetrying {
  constructor() {
    super(OFFLINE_MESSAGE);
  }
}

/** The request did not get the server's answer (network, timeout, a reply that is not the envelope): worth another try. */
export class TransportError extends Error {}

const URL_PATH = `/apis${videoInfoUpload.path}`;

/**
 * The client's browser fetch (session cookie, 30-minute upload timeout), answering the envelope's data or
 * throwing. What the upload adds: a failure to get an answer is worth another try (or waits for the network),
 * and the upload panel shows refusals on the file's row, so these calls do not go through the response handler.
 */
async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<TChunkResult> {
  let env: Envelope;
  try {
    env = await readEnvelope(await browserFetch(url, init, { signal, timeoutMs: Limits.uploadTimeoutMs }), signal);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err; // the upload was paused or removed
    if (err.kind !== 'reply' && typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new OfflineError();
    throw new TransportError(err.message);
  }
  return dataOf<TChunkResult>({ ...env, msg: env.msg || '上传失败，请稍后再试' });
}

/** simple-uploader's test: which chunks the server holds, or the video when the file is already there. */
export function testChunks(fields: ChunkFieldValues, signal: AbortSignal): Promise<TChunkResult> {
  const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return send(`${URL_PATH}?${query}`, { method: 'GET' }, signal);
}

/**
 * One chunk as multipart: the protocol's fields first, with the chunk's CRC-32 so the server can refuse bytes
 * damaged on the way (and this chunk alone is sent again), then the bytes as `file`.
 */
export async function sendChunk(fields: ChunkFieldValues, bytes: Blob, signal: AbortSignal): Promise<TChunkResult> {
  const data = new Uint8Array(await bytes.arrayBuffer());
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('chunkCrc32', crc32Hex(data));
  form.append('file', new Blob([data]), fields.filename);
  return send(URL_PATH, { method: 'POST', body: form }, signal);
}

/** How the server asks for a chunk that arrived damaged to be sent again (upload.service). */
const RESEND_CHUNK = '重新上传该分片';

/**
 * Answers not worth repeating: the server's refusals (not a video, too large, session gone…), which the same bytes
 * would get again, except a chunk the server found damaged. Network failures are tried again, as simple-uploader
 * retries a chunk only when no proper answer came.
 */
export function isFinalRefusal(err: unknown): boolean {
  return err instanceof ApiError && !(err.code === ResultCode.ERROR && err.message.includes(RESEND_CHUNK));
}
