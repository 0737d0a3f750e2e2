import { useState } from 'react';
import { data, useNavigate, useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { categoryList, PROBLEM_TYPES, problemTypeName } from '#contract/exam.ts';
import {
  exerciseListForPage,
  practiceAnswerDelete,
  practiceList,
  practiceSave,
  practiceView,
} from '#contract/exam-practice.ts';
import type { Route } from './+types/exercise.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { requireUser, pageLoad } from '../../lib/session-load.ts';

import { PracticeList } from '../../features/exam/practice-problem.tsx';
import '../../features/exam/exam.css';
import { isId } from '#contract/call.ts';

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const id = args.params.id ?? '';
  const periodId = new URL(args.request.url).searchParams.get('periodId') ?? '';
  if (id) {
    if (!isId(id)) throw data(null, { status: 404 });
    return { kind: 'practice' as const, practice: await pageLoad(args, practiceView, { id }) };
  }
  if (periodId) {
    if (!isId(periodId)) throw data(null, { status: 404 });
    return {
      kind: 'lesson' as const,
      periodId,
      page: await pageLoad(args, exerciseListForPage, { periodId, pageCurrent: 1, pageSize: 50 }),
    };
  }
  const [categories, mine] = await Promise.all([
    pageLoad(args, categoryList),
    pageLoad(args, practiceList, { pageCurrent: 1, pageSize: 10 }),
  ]);
  return { kind: 'new' as const, categories, mine };
}

type NewData = Extract<Route.ComponentProps['loaderData'], { kind: 'new' }>;

function NewPractice({ categories, mine }: Pick<NewData, 'categories' | 'mine'>) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const p = await api(practiceSave, {
        subjectId: String(f.get('subjectId') ?? '') || undefined,
        problemType: f.get('problemType') ? Number(f.get('problemType')) : undefined,
        difficulty: f.get('difficulty') ? Number(f.get('difficulty')) : undefined,
        count: Number(f.get('count')),
      });
      navigate(`/exam/exercise/${p.id}`);
    } catch (err) {
      const msg = inlineMessage(err, '组题失败，请稍后再试');
      if (msg) setError(msg);
      setBusy(false);
    }
  }
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
            <option value="">全部科目</option>
            {categories.subjectList.map((c) => (
              <option key={c.id} value={c.id}>
                {c.categoryName}
              </option>
            ))}
          </select>
          <label htmlFor="px-type">题型</label>
          <select id="px-type" name="problemType" className="qk-exam-field">
            <option value="">全部题型</option>
            {PROBLEM_TYPES.filter((t) => t !== 6).map((t) => (
              <option key={t} value={t}>
                {problemTypeName[t]}
              </option>
            ))}
          </select>
          <label htmlFor="px-diff">难度</label>
          <select id="px-diff" name="difficulty" className="qk-exam-field">
            <option value="">不限</option>
            <option value="1">容易</option>
            <option value="2">中等</option>
            <option value="3">困难</option>
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
  const revalidator = useRevalidator();
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
  const { practice } = loaderData;
  const answers = new Map(practice.answers.map((a) => [a.problemId, a]));
  async function restart() {
    try {
      await api(practiceAnswerDelete, { practiceId: practice.id });
      await revalidator.revalidate();
    } catch {
      // the response handler has shown the refusal or gone to the login page
    }
  }
  return (
    <div className="qk-container qk-page">
      <PageMeta title={practice.practiceName} />
      <section className="qk-exam-box" style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <div style={{ flex: 1 }}>
          <h1 style={{ margin: 0, fontSize: 20 }}>{practice.practiceName}</h1>
          <span className="qk-muted">
            {practice.subjectName || '全部科目'} · 共 {practice.problemCount} 题 · 已答 {practice.answeredCount} · 答对{' '}
            {practice.correctCount}
          </span>
        </div>
        <button type="button" className="qk-exam-btn" onClick={restart}>
          清空作答，重新练习
        </button>
        <Link className="qk-exam-btn" to="/exam/exercise">
          换一组题
        </Link>
      </section>
      <section className="qk-exam-section" key={practice.answers.length}>
        <PracticeList problems={practice.problems} practiceId={practice.id} feedbackOf={(id) => answers.get(id)} />
      </section>
    </div>
  );
}
