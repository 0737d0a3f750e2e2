import type { ReactNode } from 'react';
import { Link } from '../components/link.tsx';
import type { TQuestionItem } from '#contract/community-question.ts';
import './h5-question.css';

/** A question in an H5 list: its title, labels, answers and whether it is solved; `children` add to the facts. */
export function H5QuestionRow({
  q,
  children,
}: {
  q: Pick<TQuestionItem, 'id' | 'title' | 'labels' | 'answerCount' | 'accepted'>;
  children?: ReactNode;
}) {
  return (
    <Link to={`/h5/question/view/${q.id}`} className="h5-q-row">
      <strong className="h5-q-row__title">{q.title}</strong>
      <span className="h5-q-row__meta">
        {q.labels.map((l) => (
          <span key={l.labelNo} className="h5-q-tag">
            {l.labelName}
          </span>
        ))}
        <span>{q.answerCount} 个回答</span>
        {q.accepted ? <span className="h5-q-solved">已解决</span> : null}
        {children}
      </span>
    </Link>
  );
}
