import type { TNoteLog, TPeriodProgress, TStudyRecord } from '#contract/study.ts';
import type { TPeriodBrief } from '#contract/course.ts';
import { formatTime } from '../../platform/time.ts';
import { watchedUntil, type ProgressState } from './progress-rules.ts';
import type { NoteRow } from './note.repo.ts';
import type { StudyRow } from './study.repo.ts';

export interface PeriodProgress {
  periodId: bigint;
  chapterId: bigint;
  courseId: bigint;
  state: ProgressState;
  /** when it was last reported (ms) */
  at: number;
}

// Reports answer with the time they were taken, so the busiest call formats the same second over and over:
// Intl's formatting costs more than the rest of the answer.
let lastSecond = NaN;
let lastText = '';
function reportTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastText = formatTime(new Date(second * 1000));
    lastSecond = second;
  }
  return lastText;
}

export const presentPeriodProgress = (l: PeriodProgress, duration: number): TPeriodProgress => ({
  periodId: String(l.periodId),
  chapterId: String(l.chapterId),
  courseId: String(l.courseId),
  currentPosition: l.state.currentPosition,
  watchedSec: l.state.watchedSec,
  watchedUntil: watchedUntil(l.state.ranges),
  videoDuration: duration,
  percent: l.state.percent,
  isFinish: l.state.isFinish,
  gmtModified: l.at ? reportTime(l.at) : '',
});

/** Names come from the course; a course or lesson removed since is named as such. */
export const presentStudyRecord = (
  r: StudyRow,
  c: { courseName: string; courseLogo: string; courseType: number } | undefined,
  period: TPeriodBrief | undefined,
): TStudyRecord => ({
  courseId: String(r.courseId),
  courseName: c?.courseName ?? '课程已下架',
  courseLogo: c?.courseLogo ?? '',
  courseType: c?.courseType ?? 1,
  chapterId: String(r.chapterId),
  periodId: String(r.periodId),
  periodName: period?.periodName ?? '课时已删除',
  currentPosition: r.currentPosition,
  videoDuration: period?.videoDuration ?? 0,
  percent: r.percent,
  isFinish: r.isFinish,
  studyTime: formatTime(r.gmtModified),
});

export const presentNote = (
  r: NoteRow,
  courseName: string | undefined,
  period: TPeriodBrief | undefined,
): TNoteLog => ({
  id: String(r.id),
  courseId: String(r.courseId),
  courseName: courseName ?? '课程已下架',
  chapterId: String(r.chapterId),
  periodId: String(r.periodId),
  periodName: period?.periodName ?? '课时已删除',
  position: r.position,
  content: r.content,
  gmtCreate: formatTime(r.gmtCreate),
  gmtModified: formatTime(r.gmtModified),
});
