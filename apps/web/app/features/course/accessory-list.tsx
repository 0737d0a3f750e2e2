import { useState } from 'react';
import type { TAccessoryBrief } from '#contract/course.ts';
import { accessoryDownload } from '#contract/course-learn.ts';
import { api } from '../../api/client.ts';

import { fileSize } from './course-format.ts';

/**
 * The course's files. Each download asks the server first (the same access rule as lessons), which answers a
 * download address valid for a few minutes; the browser then fetches it.
 */
export function AccessoryList({ items, entitled }: { items: TAccessoryBrief[]; entitled: boolean }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (items.length === 0) return null;

  async function download(a: TAccessoryBrief) {
    setBusy(a.id);
    try {
      const r = await api(accessoryDownload, { accessoryId: a.id });
      const link = document.createElement('a');
      link.href = r.downloadUrl;
      link.download = r.accessoryName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    } catch {
      // the response handler has shown the refusal or gone to the login page
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="qk-accessories">
      {items.map((a) => (
        <li key={a.id}>
          <span className="qk-accessories__icon" aria-hidden="true">
            {(a.accessoryName.split('.').pop() ?? '').slice(0, 4).toUpperCase() || '文件'}
          </span>
          <span className="qk-accessories__name">{a.accessoryName}</span>
          <span className="qk-muted">{fileSize(a.fileSize)}</span>
          {entitled ? (
            <button
              type="button"
              className="qk-button qk-button--small"
              disabled={busy === a.id}
              onClick={() => void download(a)}
            >
              {busy === a.id ? '准备中…' : '下载'}
            </button>
          ) : (
            <span className="qk-muted qk-accessories__locked">购买后可下载</span>
          )}
        </li>
      ))}
    </ul>
  );
}
