import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import type { practiceView } from '#contract/exam-practice.ts';
import type { Route } from './+types/exercise.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { loadExercise } from '../../features/exam/exercise-load.ts';
import { DifficultyOptions, ProblemTypeOptions, SubjectOptions } from '../../features/exam/practice-options.tsx';
import { PracticeList } from '../../features/exam/practice-problem.tsx';
import { usePracticeTally, useRestartPractice, useStartPractice } from '../../features/exam/use-practice-actions.ts';
import '../../features/exam/exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadExercise(args);
}

type NewData = Extract<Route.ComponentProps['loaderData'], { kind: 'new' }>;

function NewPractice({ categories, mine }: Pick<NewData, 'categories' | 'mine'>) {
  const { busy, error, onSubmit } = useStartPractice((id) => `/exam/exercise/${id}`);
  return (
    <>
      <section className="qk-exam-box" style={{ padding: '24px 32px' }}>
        <h1 style={{ margin: '0 0 16px', fontSize: 20 }}>随堂练习</h1>
        <p className="qk-muted" style={{ marginTop: 0 }}>
          从已上架的免费试卷中按条件抽题，每答一题立即显示对错、正确答案与解析；答错的题会记入错题本。
        </p>
        <form className="qk-exam-form" onSubmit={onSubmit}>
          <label htmlFor="px-subject">科目</label>
          <select id="px-subject" name="subjectId" className="qk-exam-field">
            <SubjectOptions subjects={categories.subjectList} />
          </select>
          <label htmlFor="px-type">题型</label>
          <select id="px-type" name="problemType" className="qk-exam-field">
            <ProblemTypeOptions />
          </select>
          <label htmlFor="px-diff">难度</label>
          <select id="px-diff" name="difficulty" className="qk-exam-field">
            <DifficultyOptions />
          </select>
          <label htmlFor="px-count">题目数量</label>
          <input
            id="px-count"
            name="count"
            type="number"
            min={1}
            max={50}
            defaultValue={10}
            className="qk-exam-field"
            style={{ maxWidth: 120 }}
          />
          <span />
          <div>
            <button type="submit" className="qk-exam-btn qk-exam-btn--primary" disabled={busy}>
              {busy ? '正在组题…' : '开始练习'}
            </button>
            {error ? (
              <span className="qk-exam-save is-refused" style={{ marginLeft: 12 }}>
                {error}
              </span>
            ) : null}
          </div>
        </form>
      </section>
      <section className="qk-exam-box">
        <h2>我的练习</h2>
        {mine.list.length === 0 ? (
          <p className="qk-muted">还没有练习记录</p>
        ) : (
          <ul className="qk-exam-rec">
            {mine.list.map((p) => (
              <li key={p.id}>
                <Link to={`/exam/exercise/${p.id}`}>{p.practiceName}</Link>
                <span>
                  {p.subjectName || '全部科目'} · 已答 {p.answeredCount}/{p.problemCount} · 答对 {p.correctCount} ·{' '}
                  {p.gmtCreate.slice(0, 16)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /exam/exercise/:id — a practice set (or ?periodId= a lesson's exercises), feedback after each answer; no id: start one. */
export default function ExamExercise({ loaderData }: Route.ComponentProps) {
  // a restart draws the set afresh: the answers given since it was read live in its problems' state
  const [round, setRound] = useState(0);
  if (loaderData.kind === 'new') {
    return (
      <div className="qk-container qk-page">
        <PageMeta title="随堂练习" />
        <NewPractice categories={loaderData.categories} mine={loaderData.mine} />
      </div>
    );
  }
  if (loaderData.kind === 'lesson') {
    return (
      <div className="qk-container qk-page">
        <PageMeta title="课时练习" />
        <section className="qk-exam-section">
          <h2>
            课时练习 <small>（共 {loaderData.page.totalCount} 题）</small>
          </h2>
          {loaderData.page.list.length === 0 ? (
            <EmptyState text="这个课时还没有练习题" />
          ) : (
            <PracticeList problems={loaderData.page.list} />
          )}
        </section>
      </div>
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

function Practice({ practice, onRestarted }: { practice: CallData<typeof practiceView>; onRestarted: () => void }) {
  const restart = useRestartPractice(practice.id, onRestarted);
  const tally = usePracticeTally(practice);
  const answers = new Map(practice.answers.map((a) => [a.problemId, a]));
  return (
    <div className="qk-container qk-page">
      <PageMeta title={practice.practiceName} />
      <section className="qk-exam-box" style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <div style={{ flex: 1 }}>
          <h1 style={{ margin: 0, fontSize: 20 }}>{practice.practiceName}</h1>
          <span className="qk-muted">
            {practice.subjectName || '全部科目'} · 共 {practice.problemCount} 题 · 已答 {tally.answered} · 答对{' '}
            {tally.correct}
          </span>
        </div>
        <button type="button" className="qk-exam-btn" onClick={restart}>
          清空作答，重新练习
        </button>
        <Link className="qk-exam-btn" to="/exam/exercise">
          换一组题
        </Link>
      </section>
      <section className="qk-exam-section">
        <PracticeList
          problems={practice.problems}
          practiceId={practice.id}
          feedbackOf={(id) => answers.get(id)}
          onAnswered={tally.onAnswered}
        />
      </section>
    </div>
  );
}
