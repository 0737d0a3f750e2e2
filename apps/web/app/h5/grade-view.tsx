import { useState, type FormEvent } from 'react';
import { useLocation, useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import { formatMoney } from '#contract/money.ts';
import { GradeRelation, JoinRule, gradeStudentJoin } from '#contract/grade.ts';
import type { Route } from './+types/grade-view.ts';
import { api, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { GRADE_JOIN_RULES } from '../features/grade/grade-labels.ts';
import { loadGradeView } from '../features/grade/grade-view-load.ts';
import { H5GradeExams } from './grade-exams.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5CoursePath, h5LoginPath } from './h5-links.ts';
import './h5-grade.css';

export async function loader(args: Route.LoaderArgs) {
  return loadGradeView(args, args.params.id);
}

const ROLE: Record<number, string> = { 1: '学员', 2: '班级管理员', 9: '班主任' };

/**
 * /h5/grade/view/:id — a class on a phone: what it is, joining (at once, by application or with the code), its
 * courses, and for its learners its exams.
 */
export default function H5GradeView({ loaderData }: Route.ComponentProps) {
  const { grade: g, courses, signedIn, exams, learner } = loaderData;
  const member = g.myRole !== GradeRelation.NONE;
  return (
    <>
      <PageMeta title={g.gradeName} description={g.introduction.slice(0, 120)} />
      <H5Header title="班级详情" />
      <article className="h5-grade-view">
        <div className="h5-cover h5-grade-view__cover">
          {g.gradeCover ? <img src={g.gradeCover} alt="" /> : <span aria-hidden="true">{g.gradeName}</span>}
        </div>
        <section className="h5-section">
          <h1 className="h5-grade-view__title">{g.gradeName}</h1>
          <dl className="h5-grade-facts">
            <dt>班主任</dt>
            <dd>{g.lecturerName}</dd>
            <dt>人数</dt>
            <dd>
              {g.studentCount}
              {g.capacity ? ` / ${g.capacity}` : ''} 人
            </dd>
            <dt>起止</dt>
            <dd>
              {g.beginTime.slice(0, 10)} 至 {g.endTime.slice(0, 10)}
            </dd>
            <dt>加入方式</dt>
            <dd>{GRADE_JOIN_RULES[g.joinRule]}</dd>
            {g.categoryName ? (
              <>
                <dt>分类</dt>
                <dd>{g.categoryName}</dd>
              </>
            ) : null}
            {member ? (
              <>
                <dt>我的身份</dt>
                <dd>{ROLE[g.myRole]}</dd>
              </>
            ) : null}
          </dl>
          {g.isExpired ? (
            <p className="h5-notice">班级已结束</p>
          ) : member ? null : (
            <JoinForm gradeId={g.id} joinRule={g.joinRule} applied={g.myApplyStatus === 1} signedIn={signedIn} />
          )}
        </section>
        {g.introduction ? (
          <section className="h5-section" aria-labelledby="grade-intro">
            <h2 id="grade-intro">班级介绍</h2>
            <p className="h5-grade-view__intro">{g.introduction}</p>
          </section>
        ) : null}
        {member ? (
          <section className="h5-section" aria-labelledby="grade-courses">
            <h2 id="grade-courses">班级课程</h2>
            {courses.length === 0 ? (
              <p className="h5-muted">班主任还没有添加课程</p>
            ) : (
              <ul className="h5-grade-courses">
                {courses.map((c) => (
                  <li key={c.courseId}>
                    <Link to={h5CoursePath(c.courseId)}>
                      <strong>{c.courseName}</strong>
                      <span>
                        {c.lecturerName ? `${c.lecturerName} · ` : ''}共 {c.periodTotal} 课时
                        {c.coursePrice > 0 ? ` · 班级内免费（原价 ${formatMoney(c.coursePrice)}）` : ''}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {learner ? <H5GradeExams exams={exams} /> : null}
      </article>
      <H5Footer />
    </>
  );
}

/** Joining: at once, with the code, or by an application; a guest signs in first and comes back here. */
function JoinForm(props: { gradeId: string; joinRule: number; applied: boolean; signedIn: boolean }) {
  const { gradeId, joinRule, applied, signedIn } = props;
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (!signedIn) {
    return (
      <Link className="h5-button h5-button--primary h5-button--block" to={h5LoginPath(pathname + search)}>
        登录后加入班级
      </Link>
    );
  }
  if (applied) return <p className="h5-notice">您的入班申请正在审核中，请耐心等待</p>;
  if (done) return <p className="h5-notice">{done}</p>;

  const applying = joinRule === JoinRule.APPLY && !code.trim();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const r = await api(
        gradeStudentJoin,
        { gradeId, invitationCode: code.trim(), applyRemark: remark },
        { toast: false },
      );
      if (r.joined) await revalidator.revalidate();
      else setDone('申请已提交，班主任审核后会通知您');
    } catch (err) {
      setError(inlineMessage(err, '加入失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }
  return (
    <form className="h5-grade-join" onSubmit={submit} aria-label="加入班级">
      {joinRule !== JoinRule.OPEN ? (
        <div className="h5-field">
          <label htmlFor="grade-code">
            {joinRule === JoinRule.CODE ? '邀请码' : '邀请码（选填，有邀请码可直接加入）'}
          </label>
          <input
            id="grade-code"
            value={code}
            maxLength={20}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
      ) : null}
      {applying ? (
        <div className="h5-field">
          <label htmlFor="grade-remark">申请说明（选填）</label>
          <textarea
            id="grade-remark"
            value={remark}
            maxLength={200}
            rows={3}
            onChange={(e) => setRemark(e.target.value)}
          />
        </div>
      ) : null}
      {error ? (
        <p className="h5-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="h5-button h5-button--primary h5-button--block" disabled={pending}>
        {applying ? '申请加入' : '加入班级'}
      </button>
    </form>
  );
}
