import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, optionalText, PageQuery, pageOf } from './call.ts';
import { VodVideo } from './vod.ts';
import { ChapterAudit } from './studio.ts';

/**
 * The files a lecturer attaches in the studio: a lesson draft's video, where an uploaded video is used, a course's
 * downloadable accessories, and a lesson's document.
 */
const auth = 'auth' as const;

export const PeriodVideo = z.object({ periodId: z.string(), video: VodVideo.nullable() });
export const periodVideoView = defineCall({
  method: 'POST',
  path: '/course/auth/course/period/video/view',
  access: auth,
  summary: '课时草稿的视频',
  body: z.object({ periodId: Id }),
  data: PeriodVideo,
});
export const periodVideoSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/period/video/save',
  access: auth,
  summary: '为课时草稿选择已上传的视频（videoId 为空则移除）',
  body: z.object({ periodId: Id, videoId: z.union([Id, z.literal('')]).default('') }),
  data: PeriodVideo,
});

/** Where a video is used: lesson drafts and published lessons. */
export const VideoRef = z.object({
  courseId: z.string(),
  courseName: z.string(),
  chapterName: z.string(),
  periodId: z.string(),
  periodName: z.string(),
  /** 1 a published lesson, 0 a draft */
  isPublished: z.number().int(),
});
export const courseVideoList = defineCall({
  method: 'POST',
  path: '/course/auth/course/video/list',
  access: auth,
  summary: '我上传的视频（含转码状态）',
  body: PageQuery.extend({ videoName: optionalText('视频名称', 100) }),
  data: pageOf(VodVideo),
});
export const courseVideoChapter = defineCall({
  method: 'POST',
  path: '/course/auth/course/video/chapter',
  access: auth,
  summary: '课程草稿的章节与课时及其视频状态（视频管理页）',
  body: z.object({ courseId: Id }),
  data: z.array(ChapterAudit),
});
export const courseVideoRef = defineCall({
  method: 'POST',
  path: '/course/auth/course/video/ref',
  access: auth,
  summary: '视频被哪些课时使用',
  body: IdBody,
  data: z.array(VideoRef),
});
export const courseVideoDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/video/delete',
  access: auth,
  summary: '删除未被课时使用的视频',
  body: IdBody,
  data: z.null(),
});

/** A downloadable file of a course draft (handouts, a resource course's files). */
export const AccessoryAudit = z.object({
  id: z.string(),
  courseId: z.string(),
  accessoryName: z.string(),
  fileSize: z.number().int(),
  gmtCreate: z.string(),
});
export type TAccessoryAudit = z.output<typeof AccessoryAudit>;
/** File kinds a course may offer for download, and the largest such file: 500 MB. */
export const ACCESSORY_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'md',
  'zip',
  'rar',
  '7z',
  'jpg',
  'jpeg',
  'png',
  'mp3',
  'epub',
] as const;
export const ACCESSORY_MAX_BYTES = 500 * 1024 * 1024;

export const accessoryList = defineCall({
  method: 'POST',
  path: '/course/auth/course/accessory/list',
  access: auth,
  summary: '课程草稿的附件',
  body: z.object({ courseId: Id }),
  data: z.array(AccessoryAudit),
});
export const accessorySave = defineCall({
  method: 'POST',
  path: '/course/auth/course/accessory/save',
  access: auth,
  summary: '上传课程附件（multipart：先发 courseId、可选 accessoryName，再发字段 file）',
  body: z.record(z.string(), z.unknown()).default({}),
  data: AccessoryAudit,
});
export const accessoryDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/accessory/delete',
  access: auth,
  summary: '删除课程草稿的附件',
  body: IdBody,
  data: z.null(),
});

/**
 * The document a library (文库) lesson shows in the page: Markdown, plain text or HTML (sanitized when shown),
 * read as UTF-8 text. Published with the course on approval; the lesson page reads it through course/sign.
 */
export const PERIOD_DOC_EXTENSIONS = ['md', 'markdown', 'txt', 'html', 'htm'] as const;
/** The largest lesson document: 1 MB of text, what the lesson page reads. */
export const PERIOD_DOC_MAX_BYTES = 1024 * 1024;
export const PeriodDoc = z.object({ periodId: z.string(), docName: z.string(), hasDoc: z.number().int() });
export type TPeriodDoc = z.output<typeof PeriodDoc>;
export const periodDocView = defineCall({
  method: 'POST',
  path: '/course/auth/course/period/doc/view',
  access: auth,
  summary: '课时草稿的文档（文库课时）',
  body: z.object({ periodId: Id }),
  data: PeriodDoc,
});
export const periodDocSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/period/doc/save',
  access: auth,
  summary: '上传课时草稿的文档（multipart：先发 periodId、可选 docName，再发字段 file；md、txt、html，不超过 1 MB）',
  body: z.record(z.string(), z.unknown()).default({}),
  data: PeriodDoc,
});
export const periodDocDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/period/doc/delete',
  access: auth,
  summary: '移除课时草稿的文档',
  body: z.object({ periodId: Id }),
  data: PeriodDoc,
});
