import type { LocalStorage, Storage } from './storage.ts';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size: left alone, so the copy can be run again after a failure. */
  skipped: number;
  bytes: number;
  /** Chunks of uploads in progress: not copied, those uploads start over (see `UPLOAD_CHUNKS`). */
  unfinishedUploads: number;
}

/**
 * An upload in progress keeps its chunks in one local file written at offsets; in a bucket each chunk is its own
 * object, so the local file cannot be carried over and those uploads start again.
 */
const UPLOAD_CHUNKS = /^vod\/\d+\/upload\/\d+\/\d+\//;

/**
 * Copies every file of the local folder into another store under the same key, so the URLs and keys the database
 * holds stay right. Idempotent: a file the target already holds with the same size is skipped. `progress` hears
 * each file copied.
 */
export async function copyFiles(
  from: LocalStorage,
  to: Storage,
  progress: (key: string, size: number) => void = () => {},
): Promise<CopyReport> {
  const have = new Map<string, number>();
  for await (const e of to.list('')) have.set(e.key, e.size);
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0, unfinishedUploads: 0 };
  const uploads = new Set<string>();
  for await (const e of from.list('')) {
    const upload = UPLOAD_CHUNKS.exec(e.key)?.[0];
    if (upload) {
      uploads.add(upload);
      continue;
    }
    if (have.get(e.key) === e.size) {
      report.skipped++;
      continue;
    }
    await to.put(e.key, from.read(e.key));
    report.copied++;
    report.bytes += e.size;
    progress(e.key, e.size);
  }
  report.unfinishedUploads = uploads.size;
  return report;
}
