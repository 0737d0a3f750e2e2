import { Link } from '../../components/link.tsx';
import type { TQuestionItem } from '#contract/community-question.ts';

export function LabelTags({ labels }: { labels: TQuestionItem['labels'] }) {
  if (labels.length === 0) return null;
  return (
    <span className="qk-q-labels">
      {labels.map((l) => (
        <Link key={l.labelNo} to={`/question?labelNo=${l.labelNo}`} className="qk-q-label">
          {l.labelName}
        </Link>
      ))}
    </span>
  );
}

/** One question in a list: the answer count beside the title, whether one was accepted, its labels and asker. */
export function QuestionItem({ q, base = '' }: { q: TQuestionItem; base?: string }) {
  return (
    <li className="qk-q-item">
      <div className={q.accepted ? 'qk-q-count is-solved' : 'qk-q-count'} aria-hidden>
        <strong>{q.answerCount}</strong>
        <span>{q.accepted ? '已解决' : '回答'}</span>
      </div>
      <div className="qk-q-item__body">
        <h3 className="qk-q-item__title">
          <Link to={`${base}/question/view/${q.id}`}>{q.title}</Link>
        </h3>
        {q.summary ? <p className="qk-q-item__summary">{q.summary}</p> : null}
        <div className="qk-q-item__meta">
          <LabelTags labels={q.labels} />
          <span>{q.asker.nickname}</span>
          <time dateTime={q.gmtCreate.replace(' ', 'T')}>{q.gmtCreate.slice(0, 16)}</time>
          <span>
            {q.answerCount} 个回答 · {q.viewCount} 次浏览
          </span>
          {q.accepted ? <span className="qk-q-solved">已采纳</span> : null}
        </div>
      </div>
    </li>
  );
}
