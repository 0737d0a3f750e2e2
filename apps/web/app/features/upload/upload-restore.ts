import { unfinishedUploads } from '#contract/upload.ts';
import { api } from '../../api/client.ts';
import { loadDismissed, loadQueue, restoredItem, restoredQueue } from './upload-persist.ts';
import { uploadStore } from './upload-store.ts';

let restored = false;

/**
 * Once per page load: the uploads saved before a reload come back at once (so a new upload cannot overwrite
 * them), then the server's list adds their progress and the uploads only it knows. Lecturers only: others may
 * not call the upload list.
 */
export function restoreUploads(lecturer: boolean): void {
  if (restored || typeof window === 'undefined') return;
  restored = true;
  const saved = loadQueue();
  const s = uploadStore.get();
  const have = new Set(s.uploads.map((u) => u.key));
  const fresh = saved.filter((u) => !have.has(u.key));
  if (fresh.length) uploadStore.set({ ...s, uploads: [...fresh.map((u) => restoredItem(u)), ...s.uploads] });
  if (!lecturer) return;
  api(unfinishedUploads, {}).then(
    (server) => {
      const restoredNow = restoredQueue(fresh, server, loadDismissed());
      const current = uploadStore.get();
      const byKey = new Map(restoredNow.map((u) => [u.key, u]));
      const present = new Set(current.uploads.map((u) => u.identifier).filter(Boolean));
      const updated = current.uploads.map((u) =>
        u.status === 'needFile' && byKey.has(u.key) ? { ...u, percent: byKey.get(u.key)!.percent } : u,
      );
      const added = restoredNow.filter(
        (u) => !current.uploads.some((c) => c.key === u.key) && !present.has(u.identifier),
      );
      if (added.length || restoredNow.length) uploadStore.set({ ...current, uploads: [...added, ...updated] });
    },
    () => {
      // the list only adds detail; the saved uploads are already shown
    },
  );
}
