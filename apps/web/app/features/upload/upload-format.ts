import { secondsLeft } from './speed.ts';
import type { UploadItem, UploadStatus } from './upload-store.ts';

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${n} B`;
}

/** 「1 小时 2 分」, 「3 分 5 秒」, 「8 秒」. */
export function formatDuration(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = Math.floor(sec % 60);
  if (h) return `${h} 小时 ${m} 分`;
  if (m) return `${m} 分 ${s} 秒`;
  return `${s} 秒`;
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  hashing: '正在读取文件',
  waiting: '等待上传',
  uploading: '上传中',
  paused: '已暂停',
  offline: '网络已断开',
  needFile: '等待重新选择文件',
  done: '上传完成，正在转码',
  failed: '上传失败',
  cancelled: '已取消',
};

/** The line under a file's progress bar: its message if it has one, else its state (and speed, time left). */
export function statusLine(u: UploadItem): string {
  if (u.status === 'hashing') return `${STATUS_TEXT.hashing} ${u.percent}%`;
  if (u.status === 'uploading' && u.msg) return u.msg;
  const left = u.status === 'uploading' ? secondsLeft(((100 - u.percent) / 100) * u.size, u.speed) : null;
  if (left !== null) return `${formatBytes(u.speed)}/s · 剩余约 ${formatDuration(left)}`;
  if (u.status === 'done' && u.msg) return `上传完成，${u.msg}`;
  return u.msg || STATUS_TEXT[u.status];
}
