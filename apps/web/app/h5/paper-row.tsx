import { Link } from '../components/link.tsx';
import type { TPaperInfo } from '#contract/exam-centre.ts';
import { formatMoney } from '#contract/money.ts';

/** A paper in a phone's list: its subject as the mark, the name, its facts and the price. */
export function H5PaperRow({ paper }: { paper: TPaperInfo }) {
  return (
    <Link to={`/h5/exam/view/${paper.id}`} className="h5-row h5-paper-row">
      <span className="h5-paper-row__mark" aria-hidden="true">
        {paper.subjectName || '试卷'}
      </span>
      <span className="h5-row__body">
        <span className="h5-row__name">{paper.examName}</span>
        <span className="h5-muted">
          {[paper.yearName, `${paper.problemCount} 题`, `满分 ${paper.totalScore}`, `${paper.answerTime} 分钟`]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="h5-paper-row__foot">
          {paper.isFree === 1 ? (
            <span className="h5-price h5-price--free">免费</span>
          ) : (
            <span className="h5-price">
              <strong>{formatMoney(paper.priceFen)}</strong>
            </span>
          )}
          <span className="h5-muted">{paper.studyCount} 人参加</span>
        </span>
      </span>
    </Link>
  );
}
