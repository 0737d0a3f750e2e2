import { useState } from 'react';
import { Link } from '../components/link.tsx';
import { EXAM_LIMITS } from '#contract/exam.ts';
import type { Route } from './+types/error-practice.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadPracticeRound } from '../features/exam/error-book-load.ts';
import { PracticeProblem } from '../features/exam/practice-problem.tsx';
import { Stem } from '../features/exam/problem-input.tsx';
import { H5Header } from './h5-frame.tsx';
import '../features/exam/exam.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadPracticeRound(args);
}

/** /h5/account/error/start — practising the wrong-answer book one problem at a time, as on the PC site. */
export default function H5ErrorPractice({ loaderData }: Route.ComponentProps) {
  const { items, total, subjectId } = loaderData;
  const [index, setIndex] = useState(0);
  const [answered, setAnswered] = useState(false);
  const [removed, setRemoved] = useState(0);
  const [right, setRight] = useState(0);
  const item = items[index];
  const book = subjectId ? `/h5/account/error/problem?subjectId=${subjectId}` : '/h5/account/error/problem';

  let body;
  if (items.length === 0) body = <p className="h5-empty">错题本里没有题了</p>;
  else if (!item)
    body = (
      <div className="h5-empty" role="status">
        <p>
          本轮练习完成：答对 {right} / {items.length} 题
        </p>
        <p>
          {removed > 0
            ? `${removed} 道题已连续答对 ${EXAM_LIMITS.bookStreakToRemove} 次，移出了错题本`
            : `连续答对 ${EXAM_LIMITS.bookStreakToRemove} 次的题会移出错题本`}
        </p>
        <button type="button" className="h5-button h5-button--primary" onClick={() => window.location.reload()}>
          再练一轮
        </button>
      </div>
    );
  else {
    const p = item.problem;
    body = (
      <section className="h5-attempt__section">
        <p className="h5-muted">
          第 {index + 1} / {items.length} 题{total > items.length ? `（共 ${total} 道）` : ''} ·{' '}
          {item.subjectName || '未分科目'} · 连续答对 {item.correctStreak}/{EXAM_LIMITS.bookStreakToRemove}
        </p>
        {p.problemType === 6 ? (
          <>
            <Stem html={p.problemContent} />
            {p.children.map((c, i) => (
              <PracticeProblem key={c.id} no={i + 1} problem={c} onAnswered={() => setAnswered(true)} />
            ))}
          </>
        ) : (
          <PracticeProblem
            key={p.id}
            no={index + 1}
            problem={p}
            onAnswered={(f) => {
              setAnswered(true);
              if (f.isCorrect === 1) setRight((n) => n + 1);
              if (f.removedFromBook === 1) setRemoved((n) => n + 1);
            }}
          />
        )}
        <button
          type="button"
          className="h5-button h5-button--primary h5-button--block"
          disabled={!answered}
          onClick={() => {
            setIndex(index + 1);
            setAnswered(false);
          }}
        >
          {index + 1 < items.length ? '下一题' : '完成本轮'}
        </button>
      </section>
    );
  }
  return (
    <>
      <PageMeta title="错题练习" />
      <H5Header title="错题练习" />
      {body}
      <p className="h5-center">
        <Link className="h5-link" to={book}>
          返回错题本
        </Link>
      </p>
    </>
  );
}
