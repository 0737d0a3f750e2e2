import { hashBlob } from './hash-blob.ts';

/** Spec §5: a file that cannot be read asks the person to check it. */
export const UNREADABLE_FILE = '无法读取文件，请检查文件后重新选择';

type WorkerReply = { bytes: number } | { md5: string } | { error: string };

/**
 * The file's identifier, computed in a Web Worker so the page stays responsive; where a worker cannot start,
 * on the page itself, slice by slice.
 */
export function fileIdentifier(file: Blob, onProgress: (bytes: number) => void, signal: AbortSignal): Promise<string> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return hashBlob(file, onProgress, () => signal.aborted);
  }
  return new Promise<string>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(signal.reason);
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (e: MessageEvent<WorkerReply>) => {
      const m = e.data;
      if ('bytes' in m) return onProgress(m.bytes);
      finish();
      if ('md5' in m) resolve(m.md5);
      else reject(new Error(`${UNREADABLE_FILE}（${m.error}）`));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      finish();
      // a worker that failed to load: hash here instead
      hashBlob(file, onProgress, () => signal.aborted).then(resolve, reject);
    };
    worker.postMessage({ file });
  });
}
