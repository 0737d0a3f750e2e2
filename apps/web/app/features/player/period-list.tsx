import { Link } from '../../components/link.tsx';
import type { TChapterLearn } from '#contract/course-learn.ts';
import { clock, periodKind, periodPath } from '../course/course-format.ts';

const LABEL = { 'video-waiting': '暂无视频', doc: '文档', files: '资料' } as const;

/** The course's lessons beside the player: the current one, finished marks, progress, locks. */
export function PeriodList({
  courseId,
  courseType,
  chapters,
  current,
  pathOf = periodPath,
}: {
  courseId: string;
  courseType: number;
  chapters: TChapterLearn[];
  current: string;
  /** the address of a lesson: the PC page's, or the H5 page's */
  pathOf?: (courseId: string, periodId: string) => string;
}) {
  return (
    <ol className="qk-lessons">
      {chapters.map((ch, i) => (
        <li key={ch.id}>
          <h3>{/^第/.test(ch.chapterName) ? ch.chapterName : `第 ${i + 1} 章 ${ch.chapterName}`}</h3>
          <ol>
            {ch.periodList.map((p) => {
              const kind = periodKind(courseType, p);
              const cls = [
                'qk-lessons__item',
                p.id === current ? 'is-current' : '',
                p.isPlayable ? '' : 'is-locked',
                p.isFinish ? 'is-finished' : '',
              ]
                .join(' ')
                .trim();
              return (
                <li key={p.id}>
                  <Link
                    to={pathOf(courseId, p.id)}
                    className={cls}
                    aria-current={p.id === current ? 'page' : undefined}
                  >
                    <span className="qk-lessons__name">{p.periodName}</span>
                    <span className="qk-lessons__state">
                      {p.isFinish
                        ? '已学完'
                        : !p.isPlayable
                          ? '需购买'
                          : p.percent > 0
                            ? `已学 ${Math.round(p.percent)}%`
                            : kind === 'video'
                              ? clock(p.videoDuration)
                              : LABEL[kind]}
                    </span>
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
