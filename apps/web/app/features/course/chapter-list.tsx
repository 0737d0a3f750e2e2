import { Link } from '../../components/link.tsx';
import type { TChapterWithPeriods } from '#contract/course.ts';
import { clock, periodKind, periodPath, type PeriodKind } from './course-format.ts';

const LABEL: Record<PeriodKind, string> = { video: '视频', 'video-waiting': '暂无视频', doc: '文档', files: '' };

interface Props {
  courseId: string;
  courseType: number;
  courseFree: boolean;
  chapters: TChapterWithPeriods[];
  /** the reader may study every lesson (isPay 1) */
  entitled: boolean;
}

/**
 * The course's chapters and lessons. In a paid course, a free chapter's lessons are marked 免费 and a single
 * free lesson 试看; locked lessons still link to the lesson page, which tells the reader how to get access.
 */
export function ChapterList({ courseId, courseType, courseFree, chapters, entitled }: Props) {
  if (chapters.length === 0) return <p className="qk-muted">课程内容正在准备中。</p>;
  let n = 0;
  return (
    <ol className="qk-chapters">
      {chapters.map((ch, ci) => (
        <li key={ch.id} className="qk-chapters__chapter">
          <h3>
            {/^第/.test(ch.chapterName) ? null : <span className="qk-chapters__no">第 {ci + 1} 章</span>}
            {ch.chapterName}
            {!courseFree && ch.isFree === 1 ? <span className="qk-mark qk-mark--free">免费</span> : null}
          </h3>
          {ch.chapterDesc ? <p className="qk-chapters__desc">{ch.chapterDesc}</p> : null}
          <ol className="qk-chapters__periods">
            {ch.periodList.map((p) => {
              n += 1;
              const open = courseFree || entitled || ch.isFree === 1 || p.isFree === 1;
              const kind = periodKind(courseType, p);
              const video = kind === 'video' || kind === 'video-waiting';
              return (
                <li key={p.id}>
                  <Link to={periodPath(courseId, p.id)} className={open ? 'qk-period' : 'qk-period is-locked'}>
                    <span
                      className={`qk-period__icon qk-period__icon--${video ? 'video' : 'doc'}`}
                      aria-hidden="true"
                    />
                    <span className="qk-period__no">{String(n).padStart(2, '0')}</span>
                    <span className="qk-period__name">{p.periodName}</span>
                    {!courseFree && ch.isFree !== 1 && p.isFree === 1 ? (
                      <span className="qk-mark qk-mark--trial">试看</span>
                    ) : null}
                    <span className="qk-period__len">
                      {(kind === 'video' && clock(p.videoDuration)) || LABEL[kind]}
                    </span>
                    <span className="qk-period__go">{open ? (video ? '观看' : '阅读') : '购买后学习'}</span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}

/** The lesson a "start" button opens: the one last studied, else the first lesson the reader may open. */
export function firstPeriod(chapters: TChapterWithPeriods[], courseFree: boolean, entitled: boolean): string {
  for (const ch of chapters)
    for (const p of ch.periodList) if (courseFree || entitled || ch.isFree === 1 || p.isFree === 1) return p.id;
  return '';
}
