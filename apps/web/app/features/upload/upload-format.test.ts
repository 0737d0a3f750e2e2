import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, statusLine } from './upload-format.ts';
import type { UploadItem } from './upload-store.ts';

const item = (over: Partial<UploadItem>): UploadItem => ({
  key: 'k',
  fileName: '第一课.mp4',
  size: 200 * 1024 * 1024,
  lastModified: 0,
  identifier: '',
  target: { periodId: '1', periodName: '第一课' },
  status: 'uploading',
  percent: 50,
  speed: 0,
  msg: '',
  video: null,
  ...over,
});

describe('the upload line', () => {
  it('shows speed and time left while uploading, else the message or the state', () => {
    expect(statusLine(item({ speed: 10 * 1024 * 1024 }))).toBe('10.0 MB/s · 剩余约 10 秒');
    expect(statusLine(item({ speed: 0 }))).toBe('上传中');
    expect(statusLine(item({ status: 'hashing', percent: 35 }))).toBe('正在读取文件 35%');
    expect(statusLine(item({ status: 'failed', msg: '文件内容不是可识别的视频，请检查文件后重新上传' }))).toBe(
      '文件内容不是可识别的视频，请检查文件后重新上传',
    );
    expect(statusLine(item({ status: 'done', percent: 100, msg: '已用于课时「第一课」' }))).toBe(
      '上传完成，已用于课时「第一课」',
    );
    expect(statusLine(item({ status: 'paused' }))).toBe('已暂停');
  });

  it('writes sizes and durations the Chinese way', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2_048_000)).toBe('2.0 MB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4.00 GB');
    expect(formatDuration(8)).toBe('8 秒');
    expect(formatDuration(185)).toBe('3 分 5 秒');
    expect(formatDuration(3725)).toBe('1 小时 2 分');
  });
});
