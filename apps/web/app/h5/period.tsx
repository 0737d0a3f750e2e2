import { useState } from 'react';
import { Link } from '../components/link.tsx';
import { Tabs } from 'antd-mobile';
import type { Route } from './+types/period.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { AccessoryList } from '../features/course/accessory-list.tsx';
import { NotesPanel } from '../features/player/notes-panel.tsx';
import { PeriodDoc } from '../features/player/period-doc.tsx';
import { loadPeriod } from '../features/player/period-loader.ts';
import { PeriodList } from '../features/player/period-list.tsx';
import { useLesson } from '../features/player/use-lesson.ts';
import { VideoPlayer } from '../features/player/video-player.tsx';
import { H5Header } from './h5-frame.tsx';
import { h5DetailPath, h5PeriodPath } from './h5-links.ts';
import '../features/course/course.css';
import '../features/player/player.css';
import './h5-learn.css';

export function loader(args: Route.LoaderArgs) {
  return loadPeriod(args);
}

/** /h5/view/:id/period/:periodId — one lesson on a phone; the PC lesson page's data, player and reports. */
export default function H5Period({ loaderData }: Route.ComponentProps) {
  return <H5Lesson key={loaderData.period.id} {...loaderData} />;
}

type Data = Route.ComponentProps['loaderData'];

function H5Lesson({ course, chapters: initial, period, sign, refusal, at }: Data) {
  const { chapters, videoRef, studyPercent, onProgress, kind, seek, now } = useLesson(course, initial, sign);
  const [ended, setEnded] = useState(false);
  const nextId = sign?.nextPeriodId ?? '';

  return (
    <div className="h5-learn">
      <PageMeta title={`${period.periodName} - ${course.courseName}`} />
      <H5Header title={course.courseName} />
      <div className="h5-learn__stage">
        {refusal || !sign ? (
          <div className="h5-learn__refusal" role="alert">
            <p>{refusal ?? '暂时无法学习这个课时'}</p>
            <Link className="h5-button h5-button--primary" to={h5DetailPath(course)}>
              返回课程主页
            </Link>
          </div>
        ) : sign.hasVideo ? (
          <VideoPlayer
            sign={sign}
            startAt={at ?? sign.currentPosition}
            videoRef={videoRef}
            onProgress={onProgress}
            onEnded={() => setEnded(true)}
          />
        ) : kind === 'video-waiting' ? (
          <div className="h5-learn__refusal" role="status">
            <p>暂无视频</p>
            <p className="h5-muted">本课时的视频还在准备中，请稍后再来。</p>
          </div>
        ) : sign.docText ? (
          <PeriodDoc name={sign.docName} type={sign.docType} text={sign.docText} />
        ) : (
          <div className="h5-learn__files">
            <p>本课时的资料请在下方下载。</p>
            {course.accessoryList.length > 0 ? (
              <AccessoryList items={course.accessoryList} entitled />
            ) : (
              <p className="h5-muted">暂无可下载的资料。</p>
            )}
          </div>
        )}
      </div>
      <section className="h5-learn__info">
        <h1>{period.periodName}</h1>
        {course.isPay === 1 ? <p className="h5-muted">课程进度 {studyPercent}%</p> : null}
        {period.periodDesc ? <p className="h5-learn__desc">{period.periodDesc}</p> : null}
        {(ended || (kind && kind !== 'video')) && nextId ? (
          <Link className="h5-button h5-button--primary h5-button--block" to={h5PeriodPath(course.id, nextId)}>
            下一课时
          </Link>
        ) : null}
        {ended && !nextId ? <p role="status">恭喜，本课程的最后一个课时已学完！</p> : null}
      </section>
      <Tabs className="h5-tabs h5-learn__tabs" defaultActiveKey="lessons">
        <Tabs.Tab title="目录" key="lessons">
          <h2 className="h5-visually-hidden">课程目录</h2>
          <PeriodList
            courseId={course.id}
            courseType={course.courseType}
            chapters={chapters}
            current={period.id}
            pathOf={h5PeriodPath}
          />
        </Tabs.Tab>
        <Tabs.Tab title="笔记" key="notes">
          {sign ? (
            <NotesPanel periodId={period.id} now={now} seek={sign.hasVideo ? seek : undefined} />
          ) : (
            <p className="h5-muted">获得学习权限后可以记笔记。</p>
          )}
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
