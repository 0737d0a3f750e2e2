import { Button, Progress, Result } from 'antd';
import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { EXAM_LIMITS } from '#contract/exam.ts';
import type { errorProblemView } from '#contract/exam-practice.ts';
import type { Route } from './+types/start.ts';
import { Page } from '../../../components/page.tsx';
import { loadPracticeRound, PRACTICE_ROUND } from '../../../features/exam/error-book-load.ts';
import { PracticeProblem } from '../../../features/exam/practice-problem.tsx';
import { Stem } from '../../../features/exam/problem-input.tsx';
import '../../../features/exam/exam.css';
import '../../../features/exam/account-exam.css';

const ROUND = PRACTICE_ROUND;

export function loader(args: Route.LoaderArgs) {
  return loadPracticeRound(args);
}

type Item = CallData<typeof errorProblemView>;

/** /account/error/start — practising the book one problem at a time, with the streak that takes it out. */
export default function ErrorPractice({ loaderData }: Route.ComponentProps) {
  const { items, total, subjectId } = loaderData;
  const [index, setIndex] = useState(0);
  const [answered, setAnswered] = useState(false);
  const [removed, setRemoved] = useState(0);
  const [right, setRight] = useState(0);
  const item: Item | undefined = items[index];

  if (items.length === 0)
    return (
      <Page title="错题练习">
        <Result
          status="success"
          title="错题本里没有题了"
          extra={
            <Link to="/account/error/problem">
              <Button>返回错题本</Button>
            </Link>
          }
        />
      </Page>
    );
  if (!item)
    return (
      <Page title="错题练习">
        <Result
          status="success"
          title={`本轮练习完成：答对 ${right} / ${items.length} 题`}
          subTitle={
            removed > 0
              ? `${removed} 道题已连续答对 ${EXAM_LIMITS.bookStreakToRemove} 次，移出了错题本`
              : `连续答对 ${EXAM_LIMITS.bookStreakToRemove} 次的题会移出错题本`
          }
          extra={[
            <Button key="again" type="primary" onClick={() => window.location.reload()}>
              再练一轮
            </Button>,
            <Link key="back" to="/account/error/problem">
              <Button>返回错题本</Button>
            </Link>,
          ]}
        />
      </Page>
    );

  const p = item.problem;
  return (
    <Page title="错题练习">
      <div className="qk-exam-toolbar">
        <span>
          第 {index + 1} / {items.length} 题{total > items.length ? `（共 ${total} 道错题，每轮 ${ROUND} 题）` : ''}
        </span>
        <Progress
          percent={Math.round((index / items.length) * 100)}
          size="small"
          style={{ width: 240, margin: 0 }}
          showInfo={false}
        />
        <span className="qk-muted">
          {item.subjectName || '未分科目'} · 已答错 {item.wrongCount} 次 · 连续答对 {item.correctStreak}/
          {EXAM_LIMITS.bookStreakToRemove}
        </span>
        <div className="qk-exam-toolbar__right">
          <Link to={subjectId ? `/account/error/problem?subjectId=${subjectId}` : '/account/error/problem'}>
            <Button>返回错题本</Button>
          </Link>
        </div>
      </div>
      <section className="qk-exam-section">
        {p.problemType === 6 ? (
          <>
            <div className="qk-exam-material__stem">
              <Stem html={p.problemContent} />
            </div>
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
        <div style={{ textAlign: 'right', paddingTop: 12 }}>
          <Button
            type="primary"
            disabled={!answered}
            onClick={() => {
              setIndex(index + 1);
              setAnswered(false);
            }}
          >
            {index + 1 < items.length ? '下一题' : '完成本轮'}
          </Button>
        </div>
      </section>
    </Page>
  );
}
