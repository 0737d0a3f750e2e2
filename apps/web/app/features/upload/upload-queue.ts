import { periodVideoSave } from '#contract/studio-files.ts';
import type { TChunkResult } from '#contract/upload.ts';
import type { TVodVideo } from '#contract/vod.ts';
import { api, ApiError } from '../../api/client.ts';
import { bytesHeld, chunkFields, chunkRange, chunksToSend } from './chunk-plan.ts';
import { isFinalRefusal, OFFLINE_MESSAGE, OfflineError, sendChunk, testChunks } from './chunk-transport.ts';
import { sendUnlessHeld } from './chunk-send.ts';
import { fileIdentifier, UNREADABLE_FILE } from './file-identifier.ts';
import { withRetry } from './retry.ts';
import { SpeedMeter } from './speed.ts';
import { addDismissed, saveQueue } from './upload-persist.ts';
import { uploadStore, type UploadItem, type UploadTarget } from './upload-store.ts';

/**
 * The global uploader: one file at a time, three chunks of it in flight, kept in module state so it goes on
 * while the lecturer moves between account pages. Files themselves cannot be saved, so after a reload an upload
 * waits for the same file to be chosen again (continueWithFile).
 */
const PARALLEL_CHUNKS = 3;
export const ASSEMBLING_MESSAGE = '已全部传完，正在合并文件…';
const files = new Map<string, File>();
/** Uploads whose chosen file has been hashed in this page (its identifier is known to be its own). */
const hashed = new Set<string>();
const controllers = new Map<string, AbortController>();
const doneListeners = new Set<(item: UploadItem, video: TVodVideo) => void>();
let seq = 0;

/** Called with every upload that completed (after its lesson link, if it has one). */
export function onUploadDone(listener: (item: UploadItem, video: TVodVideo) => void): () => void {
  doneListeners.add(listener);
  return () => doneListeners.delete(listener);
}

const patch = (key: string, p: Partial<UploadItem>) => uploadStore.patch(key, p);
const persist = () => saveQueue(uploadStore.get().uploads);

/** Queues a checked file; `target` is the lesson draft the video goes to. Returns the upload's key. */
export function startUpload(file: File, target: UploadTarget | null): string {
  watchNetwork();
  const key = `${Date.now().toString(36)}-${(seq++).toString(36)}`;
  files.set(key, file);
  uploadStore.add({
    key,
    fileName: file.name,
    size: file.size,
    lastModified: file.lastModified,
    identifier: '',
    target,
    status: 'waiting',
    percent: 0,
    speed: 0,
    msg: '',
    video: null,
  });
  persist();
  pump();
  return key;
}

/** An upload known from before a reload continues with the file chosen again; a different file is refused. */
export function continueWithFile(key: string, file: File): string | null {
  const item = uploadStore.find(key);
  if (!item) return null;
  if (file.size !== item.size) return `所选文件与「${item.fileName}」大小不同，请选择同一文件`;
  watchNetwork();
  files.set(key, file);
  hashed.delete(key);
  patch(key, { status: 'waiting', msg: '', fileName: file.name, lastModified: file.lastModified });
  persist();
  pump();
  return null;
}

export function pauseUpload(key: string): void {
  const item = uploadStore.find(key);
  if (!item || !['hashing', 'waiting', 'uploading', 'offline'].includes(item.status)) return;
  controllers.get(key)?.abort();
  patch(key, { status: 'paused', speed: 0, msg: '' });
  pump();
}

export function resumeUpload(key: string): void {
  const item = uploadStore.find(key);
  if (!item || !['paused', 'failed', 'offline'].includes(item.status)) return;
  if (!files.has(key)) return patch(key, { status: 'needFile', msg: '请重新选择同一文件继续上传' });
  patch(key, { status: 'waiting', msg: '' });
  pump();
}

export function cancelUpload(key: string): void {
  controllers.get(key)?.abort();
  addDismissed(uploadStore.find(key)?.identifier ?? '');
  files.delete(key);
  hashed.delete(key);
  patch(key, { status: 'cancelled', speed: 0, msg: '' });
  persist();
  pump();
}

/** Takes a finished, failed or cancelled upload off the list. */
export function dismissUpload(key: string): void {
  const item = uploadStore.find(key);
  if (item && item.status !== 'done') addDismissed(item.identifier);
  controllers.get(key)?.abort();
  files.delete(key);
  uploadStore.remove(key);
  persist();
}

function pump(): void {
  const s = uploadStore.get();
  if (s.uploadStatusId && controllers.has(s.uploadStatusId)) return;
  const next = s.uploads.find((u) => u.status === 'waiting');
  uploadStore.set({ ...s, uploadStatusId: next?.key ?? null });
  if (next) void run(next.key).finally(pump);
}

async function run(key: string): Promise<void> {
  const ctl = new AbortController();
  controllers.set(key, ctl);
  const signal = ctl.signal;
  try {
    const file = files.get(key)!;
    const identifier = await identify(key, file, signal);
    patch(key, { status: 'uploading', msg: '' });
    const retry = <T>(step: () => Promise<T>) => withRetry(step, { signal, final: isFinalRefusal });
    let result = await retry(() => testChunks(chunkFields(file, identifier, 1), signal));
    // a second round covers chunks the server lost between the test and the last chunk (e.g. a day-old sweep)
    for (let round = 0; !result.skipUpload && round < 3; round++)
      result = await sendMissing(key, file, identifier, result.uploaded, signal);
    if (!result.video) throw new Error('上传未能完成，请点击「继续」重试');
    await finish(key, result.video);
  } catch (err) {
    if (signal.aborted) return;
    if (err instanceof OfflineError) patch(key, { status: 'offline', speed: 0, msg: OFFLINE_MESSAGE });
    else patch(key, { status: 'failed', speed: 0, msg: failureMessage(err) });
  } finally {
    controllers.delete(key);
    persist();
  }
}

function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.needsLogin) return '登录已失效，请重新登录后继续上传';
  // spec §5: a file the browser cannot read (moved, deleted, no permission) asks the person to check it
  if (err instanceof DOMException && err.name === 'NotReadableError') return UNREADABLE_FILE;
  return err instanceof Error && err.message ? err.message : '上传失败，请稍后再试';
}

async function identify(key: string, file: File, signal: AbortSignal): Promise<string> {
  const item = uploadStore.find(key)!;
  if (hashed.has(key)) return item.identifier;
  patch(key, { status: 'hashing', percent: 0, msg: '' });
  const md5 = await fileIdentifier(
    file,
    (bytes) => patch(key, { percent: Math.floor((bytes / file.size) * 100) }),
    signal,
  );
  if (item.identifier && item.identifier !== md5)
    throw new Error(`所选文件与「${item.fileName}」内容不同，请选择同一文件`);
  hashed.add(key);
  patch(key, { identifier: md5, percent: 0 });
  // the same file known from before a reload (waiting to be chosen again) is this upload now
  for (const u of uploadStore.get().uploads)
    if (u.key !== key && u.identifier === md5 && u.status === 'needFile') uploadStore.remove(u.key);
  persist();
  return md5;
}

/**
 * Sends the chunks the round's test found missing, three at a time; a chunk is tested again before it is sent again
 * (decision 30). Answers the video once the server has assembled it.
 */
async function sendMissing(
  key: string,
  file: File,
  identifier: string,
  uploaded: number[],
  signal: AbortSignal,
): Promise<TChunkResult> {
  const todo = chunksToSend(file.size, uploaded);
  let held = bytesHeld(file.size, uploaded);
  const meter = new SpeedMeter();
  meter.add(Date.now(), held);
  patch(key, { percent: Math.floor((held / file.size) * 100), msg: '' });
  const batch = new AbortController();
  const inner = AbortSignal.any([signal, batch.signal]);
  let video: TVodVideo | null = null;
  let next = 0;
  let inFlight = 0;
  const lane = async () => {
    while (next < todo.length && !video) {
      const n = todo[next++]!;
      const { start, end } = chunkRange(file.size, n);
      const fields = chunkFields(file, identifier, n);
      inFlight++;
      const r = await sendUnlessHeld(
        {
          number: n,
          test: () => testChunks(fields, inner),
          send: () => sendChunk(fields, file.slice(start, end), inner),
        },
        { signal: inner, final: isFinalRefusal },
      ).finally(() => inFlight--);
      held = Math.min(file.size, held + (end - start));
      meter.add(Date.now(), held);
      if (r.skipUpload && r.video) video = r.video;
      patch(key, { percent: Math.min(99, Math.floor((held / file.size) * 100)), speed: meter.bytesPerSecond() });
      // the answer still awaited is the one whose request joins the chunks: say so
      if (!video && next >= todo.length && inFlight === 1)
        patch(key, { percent: 99, speed: 0, msg: ASSEMBLING_MESSAGE });
    }
  };
  await Promise.all(
    Array.from({ length: PARALLEL_CHUNKS }, () =>
      lane().catch((err: unknown) => {
        batch.abort();
        throw err;
      }),
    ),
  );
  if (video) return { skipUpload: true, uploaded: [], video };
  return withRetry(() => testChunks(chunkFields(file, identifier, 1), signal), { signal, final: isFinalRefusal });
}

async function finish(key: string, video: TVodVideo): Promise<void> {
  files.delete(key);
  hashed.delete(key);
  const item = uploadStore.find(key)!;
  patch(key, {
    status: 'done',
    percent: 100,
    speed: 0,
    video,
    msg: item.target ? `正在用于课时「${item.target.periodName}」…` : '',
  });
  persist();
  if (item.target) {
    try {
      await api(periodVideoSave, { periodId: item.target.periodId, videoId: video.id });
      patch(key, { msg: `已用于课时「${item.target.periodName}」` });
    } catch (err) {
      patch(key, { msg: `视频已上传，但未能用于课时「${item.target.periodName}」：${failureMessage(err)}` });
    }
  }
  const done = uploadStore.find(key)!;
  for (const l of doneListeners) l(done, video);
}

let watching = false;
/**
 * Network drops pause every upload; when the network is back they continue by themselves. Leaving the site
 * while a file is read or sent asks first (also from pages outside the account area, where the list is hidden).
 */
function watchNetwork(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('beforeunload', (e) => {
    if (
      uploadStore
        .get()
        .uploads.some((u) => u.status === 'hashing' || u.status === 'waiting' || u.status === 'uploading')
    )
      e.preventDefault();
  });
  window.addEventListener('offline', () => {
    for (const u of uploadStore.get().uploads) {
      if (u.status !== 'uploading' && u.status !== 'waiting') continue;
      controllers.get(u.key)?.abort();
      patch(u.key, { status: 'offline', speed: 0, msg: OFFLINE_MESSAGE });
    }
    pump();
  });
  window.addEventListener('online', () => {
    for (const u of uploadStore.get().uploads)
      if (u.status === 'offline') patch(u.key, { status: files.has(u.key) ? 'waiting' : 'needFile', msg: '' });
    pump();
  });
}
