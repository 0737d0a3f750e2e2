import { useCallback, useEffect, useRef, useState } from 'react';
import type { TChapterLearn, TCourseSign, TCourseViewAuth } from '#contract/course-learn.ts';
import { courseMean, type TPeriodProgress } from '#contract/study.ts';
import { periodKind } from '../course/course-format.ts';
import { reportRead } from './progress-reporter.ts';

/**
 * A lesson page's state, PC and phone alike: the lessons' progress as reports answer, the course's progress worked
 * out from them, the lesson's kind (a document or files count as read on opening), and the player's seek and clock
 * for the notes.
 */
export function useLesson(course: TCourseViewAuth, initial: TChapterLearn[], sign: TCourseSign | null) {
  const [chapters, setChapters] = useState(initial);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // the course's progress as loaded, until a report's reply says more: then worked out from the lessons' percents
  const [reported, setReported] = useState(false);
  const studyPercent = reported
    ? courseMean(
        chapters.flatMap((c) => c.periodList.map((x) => x.percent)),
        course.periodTotal,
      )
    : course.studyPercent;

  const onProgress = useCallback((p: TPeriodProgress) => {
    setReported(true);
    setChapters((cs) =>
      cs.map((c) => ({
        ...c,
        periodList: c.periodList.map((x) =>
          x.id === p.periodId
            ? { ...x, percent: p.percent, isFinish: p.isFinish, currentPosition: p.currentPosition }
            : x,
        ),
      })),
    );
  }, []);

  const kind = sign ? periodKind(course.courseType, { hasVideo: sign.hasVideo, hasDoc: sign.docName ? 1 : 0 }) : null;
  useEffect(() => {
    if (sign && (kind === 'doc' || kind === 'files')) reportRead(sign.periodId, onProgress);
  }, [sign, kind, onProgress]);

  const seek = useCallback((sec: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = sec;
    void video.play().catch(() => undefined);
  }, []);
  const now = useCallback(() => videoRef.current?.currentTime ?? 0, []);
  return { chapters, videoRef, studyPercent, onProgress, kind, seek, now };
}
