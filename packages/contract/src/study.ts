import { z } from './zod-config.ts';
import { defineCall, Id, PageQuery, pageOf } from './call.ts';

/**
 * Learning progress and notes (spec §7 Data, `/data/…`). Seconds everywhere; percent 0–100 with one decimal.
 */

/**
 * Course progress: the mean of every lesson's percent, lessons not started counting 0, one decimal. The server
 * gives it with the course; the lesson page works it out again from each report's reply, so it moves as one plays.
 */
export const courseMean = (percents: number[], periodTotal: number): number =>
  periodTotal > 0 ? Math.round(Math.min(100, percents.reduce((a, b) => a + b, 0) / periodTotal) * 10) / 10 : 0;

/** sendBeacon posts text/plain: such a body arrives as a JSON string and is read here. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return {};
  }
};

const second = z.coerce
  .number({ error: '播放位置不正确' })
  .finite()
  .min(0, { error: '播放位置不正确' })
  .max(86_400, { error: '播放位置不正确' });

export const ProgressEvent = z.enum(['play', 'heartbeat', 'pause', 'end', 'hide', 'read'], { error: '上报事件不正确' });

/**
 * One progress report of the player: every 15 s while playing and on pause, end and page hide. `reportId` is
 * made by the client per report (a repeat of the same id changes nothing). `watchedRanges` are the [start, end]
 * second ranges played since the previous report. `read` marks a document lesson as read.
 */
export const ProgressReport = z.object({
  periodId: Id,
  reportId: z
    .string({ error: '缺少上报编号' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '上报编号格式不正确' }),
  currentPosition: second.default(0),
  watchedRanges: z
    .array(z.tuple([second, second]))
    .max(50, { error: '播放区间过多' })
    .default([]),
  event: ProgressEvent.default('heartbeat'),
});
export type TProgressReport = z.output<typeof ProgressReport>;

export const PeriodProgress = z.object({
  periodId: z.string(),
  chapterId: z.string(),
  courseId: z.string(),
  currentPosition: z.number(),
  /** seconds of the lesson covered by merged watched ranges */
  watchedSec: z.number(),
  /** the furthest second reached without a gap from the start */
  watchedUntil: z.number(),
  videoDuration: z.number().int(),
  percent: z.number(),
  isFinish: z.number().int(),
  gmtModified: z.string(),
});
export type TPeriodProgress = z.output<typeof PeriodProgress>;

/**
 * Under /api/ because the player sends it with navigator.sendBeacon on page hide, which can carry only the
 * cookie: the session is read from the `token` header or the RC_WEB_TOKEN cookie exactly as /auth/ calls do,
 * and an anonymous or expired report is refused with 302/301 like them (the player then stops reporting).
 */
export const periodLogSave = defineCall({
  method: 'POST',
  path: '/data/api/course/user/period/log/save',
  access: 'api',
  beacon: true,
  summary: '上报课时学习进度（幂等，按真实时间计入观看时长；需登录）',
  body: z.preprocess(jsonText, ProgressReport),
  data: PeriodProgress,
});

export const CourseProgress = z.object({
  courseId: z.string(),
  /** mean of every lesson's percent */
  studyPercent: z.number(),
  periodTotal: z.number().int(),
  finishTotal: z.number().int(),
  lastPeriodId: z.string(),
  periodList: z.array(PeriodProgress),
});
export type TCourseProgress = z.output<typeof CourseProgress>;
export const periodProgressList = defineCall({
  method: 'POST',
  path: '/data/auth/course/user/period/progress/list',
  access: 'auth',
  summary: '本人在某课程的各课时进度与课程总进度',
  body: z.object({ courseId: Id }),
  data: CourseProgress,
});

/** /account/study: the lessons studied most recently. */
export const StudyRecord = z.object({
  courseId: z.string(),
  courseName: z.string(),
  courseLogo: z.string(),
  courseType: z.number().int(),
  chapterId: z.string(),
  periodId: z.string(),
  periodName: z.string(),
  currentPosition: z.number(),
  videoDuration: z.number().int(),
  percent: z.number(),
  isFinish: z.number().int(),
  studyTime: z.string(),
});
export type TStudyRecord = z.output<typeof StudyRecord>;
/** Not named in the spec: the study-records page's list, under the data service beside the progress calls. */
export const studyRecordPage = defineCall({
  method: 'POST',
  path: '/data/auth/course/user/study/page',
  access: 'auth',
  summary: '学习记录：最近学习的课时，最新在前',
  body: PageQuery.extend({ courseId: Id.optional() }),
  data: pageOf(StudyRecord),
});

// ---- notes (/account/notes): tied to a lesson and a second of it ----

export const NoteLog = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  chapterId: z.string(),
  periodId: z.string(),
  periodName: z.string(),
  /** the second of the lesson the note is about; the page jumps back to it */
  position: z.number(),
  content: z.string(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type TNoteLog = z.output<typeof NoteLog>;

export const noteLogPage = defineCall({
  method: 'POST',
  path: '/data/auth/note/log/page',
  access: 'auth',
  summary: '我的笔记（可按课程或课时筛选），最新在前',
  body: PageQuery.extend({ courseId: Id.optional(), periodId: Id.optional() }),
  data: pageOf(NoteLog),
});
export const noteLogView = defineCall({
  method: 'POST',
  path: '/data/auth/note/log/view',
  access: 'auth',
  summary: '查看一条笔记',
  body: z.object({ id: Id }),
  data: NoteLog,
});
export const noteLogSave = defineCall({
  method: 'POST',
  path: '/data/auth/note/log/save',
  access: 'auth',
  summary: '记笔记（带 id 时修改本人的笔记）',
  body: z.object({
    id: Id.optional(),
    periodId: Id,
    position: second.default(0),
    content: z
      .string({ error: '请填写笔记内容' })
      .trim()
      .min(1, { error: '请填写笔记内容' })
      .max(2000, { error: '笔记内容不能超过 2000 个字' }),
  }),
  data: NoteLog,
});
/** Spec: DELETE /data/auth/note/log/delete?id= — the id is read from the query (or from a JSON body). */
export const noteLogDelete = defineCall({
  method: 'DELETE',
  path: '/data/auth/note/log/delete',
  access: 'auth',
  summary: '删除本人的笔记',
  body: z.object({ id: Id.optional() }).default({}),
  data: z.null(),
});
