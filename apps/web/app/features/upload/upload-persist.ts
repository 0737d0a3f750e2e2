import type { TUnfinishedUpload } from '#contract/upload.ts';
import type { UploadItem, UploadTarget } from './upload-store.ts';

/** What survives a reload: enough to recognise the file when it is chosen again and to know its lesson. */
export interface SavedUpload {
  key: string;
  fileName: string;
  size: number;
  lastModified: number;
  identifier: string;
  target: UploadTarget | null;
}

const STORAGE_KEY = 'qk-video-uploads';
/** Identifiers the lecturer cancelled or took off the list: the server still lists them for a day. */
const DISMISSED_KEY = 'qk-video-uploads-dismissed';
const DISMISSED_MAX = 50;
export const CHOOSE_AGAIN_MESSAGE = '页面已刷新，请重新选择同一文件继续上传';

const FINISHED: readonly string[] = ['done', 'cancelled'];

export function saveQueue(items: readonly UploadItem[]): void {
  const saved: SavedUpload[] = items
    .filter((u) => !FINISHED.includes(u.status))
    .map(({ key, fileName, size, lastModified, identifier, target }) => ({
      key,
      fileName,
      size,
      lastModified,
      identifier,
      target,
    }));
  try {
    if (saved.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // private mode or a full storage: the queue still works, it just will not be offered again after a reload
  }
}

export function loadDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function addDismissed(identifier: string): void {
  if (!identifier) return;
  try {
    const list = [identifier, ...loadDismissed().filter((i) => i !== identifier)].slice(0, DISMISSED_MAX);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(list));
  } catch {
    // as in saveQueue
  }
}

export function loadQueue(): SavedUpload[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSaved) : [];
  } catch {
    return [];
  }
}

function isSaved(v: unknown): v is SavedUpload {
  const s = v as SavedUpload;
  return (
    !!s &&
    typeof s.key === 'string' &&
    typeof s.fileName === 'string' &&
    typeof s.size === 'number' &&
    typeof s.identifier === 'string'
  );
}

/** A saved upload waiting for its file, with the progress the server reports for it. */
export function restoredItem(s: SavedUpload, server?: TUnfinishedUpload): UploadItem {
  return {
    key: s.key,
    fileName: s.fileName,
    size: s.size,
    lastModified: s.lastModified,
    identifier: s.identifier,
    target: s.target,
    status: 'needFile',
    percent: server ? Math.floor((server.uploadedChunks / Math.max(1, server.totalChunks)) * 100) : 0,
    speed: 0,
    msg: CHOOSE_AGAIN_MESSAGE,
    video: null,
  };
}

/**
 * The queue after a reload: the saved uploads, then those the server holds chunks of that this browser did not
 * save (another browser, cleared storage).
 */
export function restoredQueue(
  saved: readonly SavedUpload[],
  server: readonly TUnfinishedUpload[],
  dismissed: readonly string[] = [],
): UploadItem[] {
  const byId = new Map(server.map((u) => [u.identifier, u]));
  const items = saved.map((s) => restoredItem(s, s.identifier ? byId.get(s.identifier) : undefined));
  const known = new Set([...saved.map((s) => s.identifier), ...dismissed]);
  for (const u of server) {
    if (known.has(u.identifier)) continue;
    items.push(
      restoredItem(
        {
          key: `server-${u.identifier}`,
          fileName: u.fileName,
          size: u.totalSize,
          lastModified: 0,
          identifier: u.identifier,
          target: null,
        },
        u,
      ),
    );
  }
  return items;
}
