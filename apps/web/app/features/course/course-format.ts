import { CourseType } from '#contract/kinds.ts';
import { formatMoney } from '#contract/money.ts';

/** Fen as the price a learner reads on course cards and pages: ¥199 or ¥19.90. */
export const yuan = (fen: number): string => formatMoney(fen, { trimWhole: true });

const UNIT: Record<number, string> = { [CourseType.RESOURCE]: '份资料', [CourseType.LIBRARY]: '篇文档' };

/** How many lessons a course has, in its kind's word: 共 8 课时, 共 2 份资料, 共 3 篇文档. */
export const lessonCount = (course: { courseType: number; periodTotal: number }): string =>
  `共 ${course.periodTotal} ${UNIT[course.courseType] ?? '课时'}`;

/** How many learn a course: a library is read (12 人在读), the others studied (12 人在学). */
export const learnerCount = (course: { courseType: number; countStudy: number }): string =>
  `${course.countStudy} 人${course.courseType === CourseType.LIBRARY ? '在读' : '在学'}`;

/** Seconds as 12:05 or 1:02:05; '' for a lesson whose length is not known yet. */
export function clock(sec: number): string {
  if (!Number.isFinite(sec) || sec <= 0) return '';
  const s = Math.floor(sec);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/**
 * What a lesson holds, as its lists and page show it: a video; a lesson of a video course whose video has not
 * arrived yet (not uploaded, or the demo's still waiting for ffmpeg), which is no document; a document; or files
 * to download (a resource's lessons).
 */
export type PeriodKind = 'video' | 'video-waiting' | 'doc' | 'files';

export function periodKind(courseType: number, p: { hasVideo: number; hasDoc: number }): PeriodKind {
  if (p.hasVideo) return 'video';
  if (p.hasDoc) return 'doc';
  return courseType === CourseType.VIDEO ? 'video-waiting' : 'files';
}

export function fileSize(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MB`;
  if (bytes >= 1 << 10) return `${Math.round(bytes / (1 << 10))} KB`;
  return `${bytes} B`;
}

/** What each kind of course is called and where its pages live (spec §2 routes). */
export interface CourseKind {
  courseType: number;
  noun: string;
  listPath: string;
  listTitle: string;
  detailPath: (id: string) => string;
  previewPath: (id: string) => string;
}

export const VIDEO_KIND: CourseKind = {
  courseType: CourseType.VIDEO,
  noun: '课程',
  listPath: '/list',
  listTitle: '录播课程',
  detailPath: (id) => `/view/${id}`,
  previewPath: (id) => `/preview/course/${id}`,
};
export const RESOURCE_KIND: CourseKind = {
  courseType: CourseType.RESOURCE,
  noun: '资源',
  listPath: '/resource',
  listTitle: '资源中心',
  detailPath: (id) => `/resource/detail/${id}`,
  previewPath: (id) => `/preview/resource/${id}`,
};
export const LIBRARY_KIND: CourseKind = {
  courseType: CourseType.LIBRARY,
  noun: '文库',
  listPath: '/library',
  listTitle: '文库',
  detailPath: (id) => `/library/view/${id}`,
  previewPath: (id) => `/preview/library/${id}`,
};

/** A live course: its lessons are live sessions; its draft is previewed like a video course's. */
export const LIVE_KIND: CourseKind = {
  courseType: CourseType.LIVE,
  noun: '课程',
  listPath: '/live',
  listTitle: '直播课堂',
  detailPath: (id) => `/live/detail/${id}`,
  previewPath: (id) => `/preview/course/${id}`,
};

export function kindOf(courseType: number): CourseKind {
  return courseType === CourseType.RESOURCE
    ? RESOURCE_KIND
    : courseType === CourseType.LIBRARY
      ? LIBRARY_KIND
      : courseType === CourseType.LIVE
        ? LIVE_KIND
        : VIDEO_KIND;
}

/** The course page of any course. */
export function coursePath(course: { id: string; courseType: number }): string {
  return kindOf(course.courseType).detailPath(course.id);
}

/** The learning page of a lesson (docs/decisions/0015-lesson-page-route.md), optionally at a second of it. */
export function periodPath(courseId: string, periodId: string, at?: number): string {
  const base = `/view/${courseId}/period/${periodId}`;
  return at !== undefined && at > 0 ? `${base}?t=${Math.floor(at)}` : base;
}
