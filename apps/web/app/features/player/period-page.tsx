import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { TChapterLearn, TCourseSign, TCourseViewAuth } from '#contract/course-learn.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { AccessoryList } from '../course/accessory-list.tsx';
import { CoursePrice } from '../course/course-card.tsx';
import { coursePath, periodPath } from '../course/course-format.ts';
import { PeriodDoc } from './period-doc.tsx';
import { PeriodList } from './period-list.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { useLesson } from './use-lesson.ts';
import { VideoPlayer } from './video-player.tsx';
import '../course/course.css';
import './player.css';

type Period = TChapterLearn['periodList'][number];

interface Props {
  course: TCourseViewAuth;
  chapters: TChapterLearn[];
  period: Period;
  sign: TCourseSign | null;
  refusal: string | null;
  at: number | null;
}

function Refusal({ course, message }: { course: TCourseViewAuth; message: string }) {
  return (
    <div className="qk-lesson-refusal" role="alert">
      <p className="qk-lesson-refusal__msg">{message}</p>
      <CoursePrice course={course} large />
      <Link className="qk-button qk-button--primary" to={coursePath(course)}>
        去课程主页购买
      </Link>
    </div>
  );
}

function NextUp({ course, chapters, nextId }: { course: TCourseViewAuth; chapters: TChapterLearn[]; nextId: string }) {
  const navigate = useNavigate();
  const next = chapters.flatMap((c) => c.periodList).find((p) => p.id === nextId);
  const [left, setLeft] = useState(5);
  const go = next?.isPlayable === 1;
  useEffect(() => {
    if (!go) return;
    if (left <= 0) return void navigate(periodPath(course.id, nextId), { state: { autoplay: true } });
    const id = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(id);
  }, [go, left, navigate, course.id, nextId]);
  if (!next) {
    return (
      <div className="qk-next" role="status">
        <p>恭喜，本课程的最后一个课时已学完！</p>
        <Link className="qk-button" to={coursePath(course)}>
          返回课程主页
        </Link>
      </div>
    );
  }
  return (
    <div className="qk-next" role="status">
      <p>下一课时：{next.periodName}</p>
      {go ? <p className="qk-next__count">{left} 秒后自动播放</p> : null}
      <Link className="qk-button qk-button--primary" to={periodPath(course.id, next.id)} state={{ autoplay: true }}>
        {go ? '立即播放' : '去看看（需购买）'}
      </Link>
    </div>
  );
}

/** The lesson page: the video (or document, or files), the lesson list with progress and the notes. */
export function PeriodPage({ course, chapters: initial, period, sign, refusal, at }: Props) {
  const { chapters, videoRef, studyPercent, onProgress, kind, seek, now } = useLesson(course, initial, sign);
  const [tab, setTab] = useState<'lessons' | 'notes'>('lessons');
  const [ended, setEnded] = useState(false);
  // arriving from the end of the previous lesson: go straight on playing
  const autoplay = (useLocation().state as { autoplay?: boolean } | null)?.autoplay === true;
  const chapterName = chapters.find((c) => c.id === period.chapterId)?.chapterName ?? '';

  return (
    <div className="qk-learn">
      <PageMeta title={`${period.periodName} - ${course.courseName}`} />
      <div className="qk-learn__top">
        <div className="qk-container qk-learn__crumbs">
          <Link to={coursePath(course)}>← {course.courseName}</Link>
          <span className="qk-learn__chapter">{chapterName}</span>
          {course.isPay === 1 ? <span className="qk-learn__percent">课程进度 {studyPercent}%</span> : null}
        </div>
      </div>
      <div className="qk-container qk-learn__body">
        <div className="qk-learn__main">
          {refusal || !sign ? (
            <Refusal course={course} message={refusal ?? '暂时无法学习这个课时'} />
          ) : sign.hasVideo ? (
            <div className="qk-learn__stage">
              <VideoPlayer
                sign={sign}
                startAt={at ?? sign.currentPosition}
                autoplay={autoplay}
                videoRef={videoRef}
                onProgress={onProgress}
                onEnded={() => setEnded(true)}
              />
              {ended ? <NextUp course={course} chapters={chapters} nextId={sign.nextPeriodId} /> : null}
            </div>
          ) : kind === 'video-waiting' ? (
            <div className="qk-learn__stage qk-learn__waiting" role="status">
              <p>暂无视频</p>
              <p className="qk-muted">本课时的视频还在准备中，请稍后再来。</p>
            </div>
          ) : sign.docText ? (
            <PeriodDoc name={sign.docName} type={sign.docType} text={sign.docText} />
          ) : (
            <div className="qk-lesson-files">
              <p>本课时的资料请在下方下载。</p>
              {course.accessoryList.length > 0 ? (
                <AccessoryList items={course.accessoryList} entitled />
              ) : (
                <p className="qk-muted">暂无可下载的资料。</p>
              )}
            </div>
          )}
          <section className="qk-learn__info">
            <h1>{period.periodName}</h1>
            {period.periodDesc ? <p className="qk-pre">{period.periodDesc}</p> : null}
            {kind && kind !== 'video' && sign?.nextPeriodId ? (
              <Link className="qk-button qk-button--primary" to={periodPath(course.id, sign.nextPeriodId)}>
                下一课时
              </Link>
            ) : null}
          </section>
        </div>
        <aside className="qk-learn__side">
          <div className="qk-learn__tabs" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'lessons'}
              className={tab === 'lessons' ? 'is-active' : undefined}
              onClick={() => setTab('lessons')}
            >
              目录
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'notes'}
              className={tab === 'notes' ? 'is-active' : undefined}
              onClick={() => setTab('notes')}
            >
              笔记
            </button>
          </div>
          <div className="qk-learn__panel" role="tabpanel">
            {tab === 'lessons' ? (
              <PeriodList courseId={course.id} courseType={course.courseType} chapters={chapters} current={period.id} />
            ) : sign ? (
              <NotesPanel periodId={period.id} now={now} seek={sign.hasVideo ? seek : undefined} />
            ) : (
              <p className="qk-muted">获得学习权限后可以记笔记。</p>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
