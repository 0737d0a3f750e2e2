import { Limits, ResultCode } from '#contract/codes.ts';
import { videoInfoUpload, type TChunkResult } from '#contract/upload.ts';
import { ApiError, type Envelope } from '../../api/client.ts';
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

/** Same-origin fetch with the session cookie, like the typed client; answers the envelope's data or throws. */
async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<TChunkResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      signal: AbortSignal.any([signal, AbortSignal.timeout(Limits.uploadTimeoutMs)]),
    });
  } catch (err) {
    if (signal.aborted) throw err;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OfflineError();
    throw new TransportError(
      (err as Error).name === 'TimeoutError' ? '上传超时，请检查网络后重试' : '网络连接失败，请检查网络后重试',
    );
  }
  let env: Envelope;
  try {
    env = (await res.json()) as Envelope;
  } catch {
    if (signal.aborted) throw signal.reason;
    throw new TransportError(`上传失败（${res.status}），请稍后再试`);
  }
  if (env.code !== ResultCode.SUCCESS) throw new ApiError(env.code, env.msg || '上传失败，请稍后再试', env.data);
  return env.data as TChunkResult;
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
