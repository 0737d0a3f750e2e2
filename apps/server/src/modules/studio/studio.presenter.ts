import {
  COURSE_AUDIT_STATUS_NAMES,
  type TChapterAudit,
  type TCourseAuditView,
  type TPeriodAudit,
} from '#contract/studio.ts';
import type { TVodVideo } from '#contract/vod.ts';
import { formatTime } from '../../platform/time.ts';
import type { ChapterAuditRow, CourseAuditRow, PeriodAuditRow } from './studio.repo.ts';

export const presentCourseAudit = (r: CourseAuditRow, periodTotal: number): TCourseAuditView => ({
  id: String(r.id),
  courseType: r.courseType,
  courseName: r.courseName,
  courseLogo: r.courseLogo,
  categoryId: String(r.categoryId),
  isFree: r.isFree,
  rulingPrice: r.rulingPrice,
  coursePrice: r.coursePrice,
  auditStatus: r.auditStatus,
  auditStatusName: COURSE_AUDIT_STATUS_NAMES[r.auditStatus] ?? '',
  auditOpinion: r.auditOpinion,
  isPublished: r.isPublished,
  isPutaway: r.isPutaway,
  periodTotal,
  gmtModified: formatTime(r.gmtModified),
  introduce: r.introduce,
  isVipFree: r.isVipFree,
  speedDouble: r.speedDouble,
  speedDrag: r.speedDrag,
  sort: r.sort,
  submitTime: formatTime(r.submitTime),
});

export const presentPeriodAudit = (r: PeriodAuditRow, videos: Map<bigint, TVodVideo>): TPeriodAudit => {
  const v = r.videoId ? videos.get(r.videoId) : undefined;
  return {
    id: String(r.id),
    courseId: String(r.courseId),
    chapterId: String(r.chapterId),
    periodName: r.periodName,
    periodDesc: r.periodDesc,
    isFree: r.isFree,
    videoId: r.videoId ? String(r.videoId) : '',
    videoName: v?.videoName ?? '',
    videoStatus: v?.status ?? 0,
    videoDuration: r.videoDuration,
    sort: r.sort,
  };
};

/** Chapters in order, each with its lessons in order. */
export function presentOutline(
  chapters: ChapterAuditRow[],
  periods: PeriodAuditRow[],
  videos: Map<bigint, TVodVideo>,
): TChapterAudit[] {
  const byChapter = new Map<bigint, PeriodAuditRow[]>();
  for (const p of periods) byChapter.set(p.chapterId, [...(byChapter.get(p.chapterId) ?? []), p]);
  return chapters.map((ch) => ({
    id: String(ch.id),
    courseId: String(ch.courseId),
    chapterName: ch.chapterName,
    chapterDesc: ch.chapterDesc,
    isFree: ch.isFree,
    sort: ch.sort,
    periodList: (byChapter.get(ch.id) ?? []).map((p) => presentPeriodAudit(p, videos)),
  }));
}
