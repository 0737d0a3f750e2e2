import { useState } from 'react';
import { Link } from '../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import type { categoryList } from '#contract/exam.ts';
import type { practiceList, practiceView } from '#contract/exam-practice.ts';
import type { Route } from './+types/exam-exercise.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadExercise } from '../features/exam/exercise-load.ts';
import { DifficultyOptions, ProblemTypeOptions, SubjectOptions } from '../features/exam/practice-options.tsx';
import { PracticeList } from '../features/exam/practice-problem.tsx';
import { usePracticeTally, useRestartPractice, useStartPractice } from '../features/exam/use-practice-actions.ts';
import { Field, FormSubmit, SelectField } from './form-parts.tsx';
import { H5Header } from './h5-frame.tsx';
import '../features/exam/exam.css';
import './h5-lists.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadExercise(args);
}

/**
 * /h5/exam/exercise/:id — 随堂练习 on a phone: draw a set by subject, type and difficulty, answer one problem at a
 * time with the verdict and the analysis at once; `?periodId=` a lesson's exercises.
 */
export default function H5Exercise({ loaderData }: Route.ComponentProps) {
  // a restart draws the set afresh: the answers given since it was read live in its problems' state
  const [round, setRound] = useState(0);
  if (loaderData.kind === 'new') return <NewPractice categories={loaderData.categories} mine={loaderData.mine} />;
  if (loaderData.kind === 'lesson') {
    const { page } = loaderData;
    return (
      <>
        <PageMeta title="课时练习" />
        <H5Header title="课时练习" />
        <section className="h5-attempt__section">
          <h1 className="h5-practice__title">课时练习（共 {page.totalCount} 题）</h1>
          {page.list.length === 0 ? (
            <p className="h5-empty">这个课时还没有练习题</p>
          ) : (
            <PracticeList problems={page.list} />
          )}
        </section>
      </>
    );
  }
  return (
    <Practice
      key={`${loaderData.practice.id}-${round}`}
      practice={loaderData.practice}
      onRestarted={() => setRound((r) => r + 1)}
    />
  );
}

function NewPractice(props: { categories: CallData<typeof categoryList>; mine: CallData<typeof practiceList> }) {
  const { busy, error, onSubmit } = useStartPractice((id) => `/h5/exam/exercise/${id}`);
  return (
    <>
      <PageMeta title="随堂练习" />
      <H5Header title="随堂练习" />
      <form className="h5-form-page h5-practice-form" onSubmit={onSubmit} aria-label="抽题练习">
        <h1 className="h5-form-page__title">随堂练习</h1>
        <p className="h5-muted">从已上架的免费试卷中抽题，每答一题立即显示对错和解析；答错的题会记入错题本。</p>
        <SelectField name="subjectId" label="科目">
          <SubjectOptions subjects={props.categories.subjectList} />
        </SelectField>
        <SelectField name="problemType" label="题型">
          <ProblemTypeOptions />
        </SelectField>
        <SelectField name="difficulty" label="难度">
          <DifficultyOptions />
        </SelectField>
        <Field
          name="count"
          label="题目数量（1–50）"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          defaultValue={10}
        />
        <FormSubmit error={error} pending={busy} label="开始练习" pendingLabel="正在组题…" />
      </form>
      <section className="h5-practice-mine" aria-labelledby="px-mine">
        <h2 id="px-mine">我的练习</h2>
        {props.mine.list.length === 0 ? (
          <p className="h5-muted">还没有练习记录</p>
        ) : (
          <ul className="h5-list">
            {props.mine.list.map((p) => (
              <li key={p.id}>
                <Link className="h5-rows__link" to={`/h5/exam/exercise/${p.id}`}>
                  <span className="h5-rows__title">{p.practiceName}</span>
                  <span className="h5-muted">
                    {p.subjectName || '全部科目'} · 已答 {p.answeredCount}/{p.problemCount} · 答对 {p.correctCount}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Practice({ practice, onRestarted }: { practice: CallData<typeof practiceView>; onRestarted: () => void }) {
  const restart = useRestartPractice(practice.id, onRestarted);
  const tally = usePracticeTally(practice);
  const answers = new Map(practice.answers.map((a) => [a.problemId, a]));
  return (
    <>
      <PageMeta title={practice.practiceName} />
      <H5Header title="随堂练习" />
      <section className="h5-attempt__section">
        <h1 className="h5-practice__title">{practice.practiceName}</h1>
        <p className="h5-muted">
          {practice.subjectName || '全部科目'} · 共 {practice.problemCount} 题 · 已答 {tally.answered} · 答对{' '}
          {tally.correct}
        </p>
        <div className="h5-practice-actions">
          <button type="button" className="h5-button" onClick={() => void restart()}>
            清空重练
          </button>
          <Link className="h5-button" to="/h5/exam/exercise">
            换一组题
          </Link>
        </div>
      </section>
      <section className="h5-attempt__section">
        <PracticeList
          problems={practice.problems}
          practiceId={practice.id}
          feedbackOf={(id) => answers.get(id)}
          onAnswered={tally.onAnswered}
        />
      </section>
    </>
  );
}
