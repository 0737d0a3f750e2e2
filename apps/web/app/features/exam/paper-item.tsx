import { Link } from '../../components/link.tsx';
import type { TPaperInfo } from '#contract/exam-centre.ts';
import { formatMoney } from '#contract/money.ts';

export function PriceTag({ paper }: { paper: Pick<TPaperInfo, 'isFree' | 'priceFen'> }) {
  return paper.isFree === 1 ? (
    <span className="qk-exam-price is-free">免费</span>
  ) : (
    <span className="qk-exam-price">{formatMoney(paper.priceFen)}</span>
  );
}

/** One paper in a list: a cover mark, name, facts and the price. */
export function PaperItem({ paper }: { paper: TPaperInfo }) {
  return (
    <div className="qk-exam-item">
      <div className="qk-exam-item__icon" aria-hidden="true">
        {paper.subjectName || '试卷'}
      </div>
      <div className="qk-exam-item__body">
        <Link to={`/exam/view/${paper.id}`} className="qk-exam-item__title">
          {paper.examName}
        </Link>
        <div className="qk-exam-item__meta">
          {paper.subjectName ? <span>科目：{paper.subjectName}</span> : null}
          {paper.yearName ? <span>年份：{paper.yearName}</span> : null}
          <span>{paper.problemCount} 题</span>
          <span>满分 {paper.totalScore}</span>
          <span>时长 {paper.answerTime} 分钟</span>
          <span>{paper.studyCount} 人参加</span>
          {paper.lecturerName ? <span>出卷：{paper.lecturerName}</span> : null}
        </div>
      </div>
      <PriceTag paper={paper} />
      <Link to={`/exam/view/${paper.id}`} className="qk-exam-btn">
        查看试卷
      </Link>
    </div>
  );
}
