import { z } from './zod-config.ts';
import { defineCall } from './call.ts';
import { Limits } from './codes.ts';
import { VodVideo } from './vod.ts';

/**
 * Video uploads (spec §9): the simple-uploader.js chunk protocol. The browser computes the file's MD5 over
 * 10,240,000-byte slices (the `identifier`), asks which chunks the server has (GET, `testChunks` with
 * `checkChunkUploadedByResponse` reading `uploaded`), then sends the missing chunks of 2,048,000 bytes as
 * multipart POSTs with the parameter `file`. The last chunk holds the remainder (between one and two chunk
 * sizes, or less when the client forces the chunk size). A file the server already has completes at once.
 */
export const VIDEO_EXTENSIONS = [
  'mp4',
  'mov',
  'm4v',
  'mkv',
  'webm',
  'avi',
  'flv',
  'wmv',
  'mpg',
  'mpeg',
  'ts',
  '3gp',
] as const;
/** The largest video a lecturer may upload: 4 GB. */
export const VIDEO_MAX_BYTES = 4 * 1024 * 1024 * 1024;
export const VIDEO_TYPE_MESSAGE = `仅支持视频文件（${VIDEO_EXTENSIONS.join('、')}）`;
export const VIDEO_SIZE_MESSAGE = '视频不能超过 4 GB，请压缩后再上传';

/** Whether a file name has a video extension the transcoder accepts. */
export function isVideoFileName(name: string): boolean {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name.trim())?.[1]?.toLowerCase();
  return !!ext && (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
}

const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ error: `${label}必须是整数` })
    .min(min, { error: `${label}不正确` })
    .max(max, { error: `${label}不正确` });

/** The fields simple-uploader sends with every test and every chunk (query string or multipart fields). */
export const ChunkFields = z.object({
  chunkNumber: count('分片序号', 1, 100_000),
  chunkSize: z.coerce.number({ error: '分片大小必须是数字' }).refine((n) => n === Limits.uploadChunkBytes, {
    error: `分片大小必须为 ${Limits.uploadChunkBytes} 字节，请刷新页面后重新上传`,
  }),
  currentChunkSize: count('本片大小', 1, Limits.uploadChunkBytes * 2),
  totalSize: count('文件大小', 1, Number.MAX_SAFE_INTEGER).refine((n) => n <= VIDEO_MAX_BYTES, {
    error: VIDEO_SIZE_MESSAGE,
  }),
  identifier: z
    .string({ error: '缺少文件标识，请刷新页面后重新上传' })
    .trim()
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, { error: '文件标识应为 32 位 MD5，请刷新页面后重新上传' })),
  filename: z
    .string({ error: '缺少文件名' })
    .trim()
    .min(1, { error: '缺少文件名' })
    .max(200, { error: '文件名不能超过 200 个字' })
    // multipart fields skip the call wrapper's NUL check: no text column can store one
    .refine((s) => !s.includes('\u0000'), { error: '内容包含无法识别的字符' })
    .refine(isVideoFileName, { error: VIDEO_TYPE_MESSAGE }),
  totalChunks: count('分片总数', 1, 100_000),
  /** CRC-32 of this chunk's bytes (8 hex digits): a chunk damaged on the way is refused and sent again on its own */
  chunkCrc32: z
    .string()
    .trim()
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{8}$/, { error: '分片校验码应为 8 位十六进制数，请刷新页面后重新上传' }))
    .optional(),
});
export type TChunkFields = z.output<typeof ChunkFields>;

/**
 * The answer to a test or a chunk. `uploaded`: chunk numbers the server holds — on a test all of them (the client
 * skips them), on a chunk's answer that chunk (the server does not list an upload's chunks on each of its chunks);
 * `skipUpload`: the whole file is here (same MD5, or just assembled), `video` is the result.
 */
export const ChunkResult = z.object({
  skipUpload: z.boolean(),
  uploaded: z.array(z.number().int()),
  video: VodVideo.nullable(),
});
export type TChunkResult = z.output<typeof ChunkResult>;

/**
 * GET = the chunk test, multipart POST = one chunk (field `file`). Fields are checked by the service for both,
 * so the body here is only what a test sends.
 */
export const videoInfoUpload = defineCall({
  method: 'GET',
  path: '/vod/auth/videoInfo/upload',
  access: 'auth',
  summary: '分片上传视频：GET 查询已有分片（uploaded、skipUpload），multipart POST 上传一片（字段 file）',
  body: z.record(z.string(), z.unknown()).default({}),
  data: ChunkResult,
});

/** An upload that stopped part way: the page asks the lecturer to choose the same file again to continue. */
export const UnfinishedUpload = z.object({
  identifier: z.string(),
  fileName: z.string(),
  totalSize: z.number().int(),
  totalChunks: z.number().int(),
  uploadedChunks: z.number().int(),
  gmtModified: z.string(),
});
export type TUnfinishedUpload = z.output<typeof UnfinishedUpload>;
export const unfinishedUploads = defineCall({
  method: 'POST',
  path: '/vod/auth/videoInfo/upload/list',
  access: 'auth',
  summary: '未完成的分片上传（重新选择同一文件即可从缺少的分片继续）',
  body: z.object({}).default({}),
  data: z.array(UnfinishedUpload),
});

/** Spec: upload result periodId, vid, videoName. */
export const VodUploadResult = z.object({
  periodId: z.string(),
  vid: z.string(),
  videoName: z.string(),
  video: VodVideo,
});
export const courseVodUpload = defineCall({
  method: 'POST',
  path: '/course/auth/vod/upload',
  access: 'auth',
  summary: '整个上传一个视频（multipart，字段 file；可带 periodId 直接用于该课时草稿）',
  body: z.record(z.string(), z.unknown()).default({}),
  data: VodUploadResult,
});
