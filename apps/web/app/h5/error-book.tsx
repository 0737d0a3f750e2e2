import { useState } from 'react';
import { Link } from '../components/link.tsx';
import { Popup } from 'antd-mobile';
import type { CallData } from '#contract/call.ts';
import { EXAM_LIMITS } from '#contract/exam.ts';
import { errorDelete, errorView, practiceSign } from '#contract/exam-practice.ts';
import type { Route } from './+types/error-book.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadErrorBook } from '../features/exam/error-book-load.ts';
import { ExplainVideo } from '../features/exam/explain-video.tsx';
import { answerText } from '../features/exam/format.ts';
import { Stem } from '../features/exam/problem-input.tsx';
import { useConfirmedRemove } from './confirm-remove.ts';
import { H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import '../features/exam/exam.css';
import './h5-exam.css';
import './h5-lists.css';

const PAGE_SIZE = 15;

export function loader(args: Route.LoaderArgs) {
  return loadErrorBook(args, PAGE_SIZE);
}

function Review({ data }: { data: CallData<typeof errorView> }) {
  const p = data.problem;
  return (
    <div className="h5-review">
      <p className="h5-muted">
        {p.problemTypeName} · 答错 {data.wrongCount} 次 · 练习已连续答对 {data.correctStreak}/
        {EXAM_LIMITS.bookStreakToRemove}
      </p>
      <Stem html={p.problemContent} />
      {p.options.length > 0 ? (
        <div className="qk-exam-options">
          {p.options.map((o) => (
            <div key={o.key} className={p.answer.includes(o.key) ? 'qk-exam-option is-right' : 'qk-exam-option'}>
              <span className="qk-exam-option__key">{o.key}</span>
              <Stem html={o.content} className="qk-exam-option__text" />
            </div>
          ))}
        </div>
      ) : null}
      <dl className="qk-exam-answer">
        <dt>我的答案</dt>
        <dd>{answerText(p.problemType, data.lastAnswer)}</dd>
        <dt>正确答案</dt>
        <dd>{answerText(p.problemType, p.answer)}</dd>
        <dt>解析</dt>
        <dd>
          {p.analysis ? <Stem html={p.analysis} /> : p.videoId ? null : '暂无解析'}
          {p.videoId ? <ExplainVideo sign={() => api(practiceSign, { problemId: p.id })} /> : null}
        </dd>
      </dl>
    </div>
  );
}

/** /h5/account/error/problem — the wrong-answer book on a phone: by subject, each problem reviewed or removed. */
export default function H5ErrorBook({ loaderData }: Route.ComponentProps) {
  const { subjects, page, subjectId } = loaderData;
  const confirmRemove = useConfirmedRemove();
  const [viewing, setViewing] = useState<CallData<typeof errorView> | null>(null);
  const total = subjects.reduce((n, s) => n + s.count, 0);
  const practice = subjectId ? `/h5/account/error/start?subjectId=${subjectId}` : '/h5/account/error/start';

  async function open(id: string) {
    try {
      setViewing(await api(errorView, { id }));
    } catch {
      // the response handler has said why
    }
  }
  const remove = (id: string) =>
    confirmRemove(
      { content: '从错题本删除这道题？', confirmText: '删除' },
      () => api(errorDelete, { id }),
      '已从错题本删除',
    );

  return (
    <>
      <PageMeta title="错题本" />
      <H5Header title="错题本" />
      <h1 className="h5-visually-hidden">错题本</h1>
      <nav className="h5-chips" aria-label="科目">
        <Link
          to="/h5/account/error/problem"
          className={subjectId ? 'h5-chip' : 'h5-chip is-on'}
          aria-current={subjectId ? undefined : 'true'}
        >
          全部（{total}）
        </Link>
        {subjects.map((s) => (
          <Link
            key={s.subjectId}
            to={`/h5/account/error/problem?subjectId=${s.subjectId}`}
            className={s.subjectId === subjectId ? 'h5-chip is-on' : 'h5-chip'}
            aria-current={s.subjectId === subjectId ? 'true' : undefined}
          >
            {s.subjectName || '未分科目'}（{s.count}）
          </Link>
        ))}
      </nav>
      <p className="h5-muted h5-pad">
        考试中答错的客观题会自动记入错题本；练习时连续答对 {EXAM_LIMITS.bookStreakToRemove} 次即移出。
      </p>
      {page.list.length === 0 ? (
        <p className="h5-empty">错题本是空的</p>
      ) : (
        <ul className="h5-rows" aria-label={`错题，共 ${page.totalCount} 道`}>
          {page.list.map((r) => (
            <li key={r.id}>
              <button type="button" className="h5-rows__main" onClick={() => void open(r.id)}>
                <span className="h5-rows__title">{r.summary}</span>
                <span className="h5-muted">
                  {r.problemTypeName} · {r.subjectName || '未分科目'} · 答错 {r.wrongCount} 次 · 连续答对{' '}
                  {r.correctStreak}/{EXAM_LIMITS.bookStreakToRemove}
                </span>
              </button>
              <button type="button" className="h5-rows__side" onClick={() => void remove(r.id)}>
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
      <H5Pager page={page} />
      {page.totalCount > 0 ? (
        <div className="h5-actionbar">
          <Link className="h5-button h5-button--primary" to={practice}>
            练习错题
          </Link>
        </div>
      ) : null}
      <Popup
        visible={viewing !== null}
        onMaskClick={() => setViewing(null)}
        bodyClassName="h5-sheet"
        showCloseButton
        onClose={() => setViewing(null)}
      >
        <h2>错题详情</h2>
        {viewing ? <Review data={viewing} /> : null}
      </Popup>
    </>
  );
}
