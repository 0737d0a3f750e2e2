import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import type { TProblemFull } from '#contract/exam.ts';
import { examSign, type answerView } from '#contract/exam-attempt.ts';
import { api } from '../../api/client.ts';
import { ExplainVideo } from './explain-video.tsx';
import { answerText, sectionTitle } from './format.ts';
import { Stem } from './problem-input.tsx';

export type TRecordResult = CallData<typeof answerView>;
type AnswerResult = NonNullable<TRecordResult['sections'][number]['problems'][number]['result']>;

/** One answered problem as reviewed: flat list of (problem, result) with material stems kept. */
export interface ReviewItem {
  no: number;
  problem: TProblemFull;
  material: TProblemFull | null;
  result: AnswerResult | null;
  section: number;
}

export function reviewItems(r: TRecordResult): ReviewItem[] {
  const out: ReviewItem[] = [];
  r.sections.forEach((s, si) => {
    for (const p of s.problems) {
      if (p.problem.problemType === 6) {
        for (const c of p.problem.children) {
          const res = p.children.find((x) => x.problemId === c.id)?.result ?? null;
          out.push({ no: out.length + 1, problem: c, material: p.problem, result: res, section: si });
        }
      } else out.push({ no: out.length + 1, problem: p.problem, material: null, result: p.result, section: si });
    }
  });
  return out;
}

/** Answered wrong (or partly, or not at all): what 只看错题 keeps; a problem waiting for its marking is not. */
export const answeredWrong = (it: ReviewItem) => it.result?.markStatus !== 1 && it.result?.isCorrect !== 1;

export function verdictOf(res: AnswerResult | null): { cls: string; label: string } {
  if (!res || (res.answer.every((a) => a.trim() === '') && res.markStatus === 0))
    return { cls: 'is-wrong', label: '未作答' };
  if (res.markStatus === 1) return { cls: 'is-wait', label: '待批阅' };
  if (res.isCorrect === 1) return { cls: 'is-right', label: '正确' };
  if (res.isCorrect === 2) return { cls: 'is-partial', label: '部分正确' };
  if (res.markStatus === 2) return { cls: 'is-right', label: '已批阅' };
  return { cls: 'is-wrong', label: '错误' };
}

function OptionList({ p, keysShown }: { p: TProblemFull; keysShown: boolean }) {
  if (p.problemType !== 1 && p.problemType !== 2) return null;
  return (
    <div className="qk-exam-options">
      {p.options.map((o) => (
        <div
          key={o.key}
          className={keysShown && p.answer.includes(o.key) ? 'qk-exam-option is-right' : 'qk-exam-option'}
        >
          <span className="qk-exam-option__key">{o.key}</span>
          <Stem html={o.content} className="qk-exam-option__text" />
        </div>
      ))}
    </div>
  );
}

/**
 * A problem after submission: the stem, my answer, the right answer, the score, the analysis and its video. A class
 * exam that does not show its answers yet (`keysShown` false) leaves out the right answer and the analysis.
 */
export function ReviewProblem({
  item,
  maxScore,
  showMaterial,
  recordId,
  keysShown = true,
}: {
  item: ReviewItem;
  maxScore: number;
  showMaterial: boolean;
  recordId: string;
  keysShown?: boolean;
}) {
  const { problem: p, result } = item;
  const v = verdictOf(result);
  return (
    <article className="qk-exam-review" id={`q-${p.id}`} data-testid="review-problem">
      {showMaterial && item.material ? (
        <div className="qk-exam-material__stem" style={{ marginBottom: 12 }}>
          <span className="qk-exam-tag">材料</span>
          <Stem html={item.material.problemContent} />
        </div>
      ) : null}
      <div className="qk-exam-problem__head">
        <span className="qk-exam-problem__no">{item.no}.</span>
        <span className="qk-exam-tag">{p.problemTypeName}</span>
        <span className="qk-muted">{maxScore} 分</span>
        <span className={`qk-exam-mark ${v.cls}`}>{v.label}</span>
      </div>
      <Stem html={p.problemContent} />
      <OptionList p={p} keysShown={keysShown} />
      <dl className="qk-exam-answer">
        <dt>我的答案</dt>
        <dd>{answerText(p.problemType, result?.answer ?? [])}</dd>
        {keysShown ? (
          <>
            <dt>正确答案</dt>
            <dd>{answerText(p.problemType, p.answer)}</dd>
          </>
        ) : null}
        <dt>得分</dt>
        <dd>{result?.markStatus === 1 ? '等待讲师批阅' : `${result?.score ?? 0} / ${maxScore}`}</dd>
        {result?.markRemark ? (
          <>
            <dt>讲师评语</dt>
            <dd>{result.markRemark}</dd>
          </>
        ) : null}
        {keysShown ? (
          <>
            <dt>解析</dt>
            <dd>
              {p.analysis ? <Stem html={p.analysis} /> : p.videoId ? null : '暂无解析'}
              {p.videoId ? <ExplainVideo sign={() => api(examSign, { problemId: p.id, recordId })} /> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}

/** The score card at the top of the result and explanation pages; `back` replaces the way back to the paper. */
export function ScoreCard({
  r,
  children,
  back,
}: {
  r: TRecordResult;
  children?: React.ReactNode;
  back?: { to: string; label: string };
}) {
  const waiting = r.status === 2;
  const ring = waiting ? 'is-wait' : r.isPass === 1 ? '' : 'is-fail';
  return (
    <section className="qk-exam-score">
      <div className={`qk-exam-score__ring ${ring}`}>
        <strong data-testid="result-score">{r.totalScore}</strong>
        <span>满分 {r.paperTotalScore}</span>
      </div>
      <div className="qk-exam-score__body">
        <h1>{r.examName}</h1>
        {waiting ? (
          <span className="qk-exam-verdict is-wait">客观题已出分，{r.waitMarkCount} 道主观题等待讲师批阅</span>
        ) : r.isPass === 1 ? (
          <span className="qk-exam-verdict is-pass">已通过（及格 {r.passScore} 分）</span>
        ) : (
          <span className="qk-exam-verdict is-fail">未通过（及格 {r.passScore} 分）</span>
        )}
        <p className="qk-muted" style={{ margin: 0, lineHeight: 1.9 }}>
          客观题 {r.objectiveScore} 分 · 主观题 {waiting ? '待批阅' : `${r.subjectiveScore} 分`} · 交卷时间{' '}
          {r.submitTime || '—'}
          {r.isAutoSubmit === 1 ? '（到时自动交卷）' : ''} · 离开页面 {r.leaveCount} 次
        </p>
        <div className="qk-exam-actions" style={{ marginTop: 12 }}>
          {children}
          <Link className="qk-exam-btn" to={back?.to ?? `/exam/view/${r.examId}`}>
            {back?.label ?? '返回试卷'}
          </Link>
        </div>
      </div>
    </section>
  );
}

export function scoreOf(r: TRecordResult): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of r.sections)
    for (const p of s.problems) {
      m.set(p.problem.id, p.score);
      for (const c of p.problem.children) m.set(c.id, c.score);
    }
  return m;
}

export { sectionTitle };

/**
 * 答题卡: every problem's number, marked right, wrong, partly right or waiting, linking to the problem below (or, with
 * `page`, on that page).
 */
export function AnswerSheet({ items, page = '' }: { items: ReviewItem[]; page?: string }) {
  return (
    <section className="qk-exam-box">
      <h2>答题卡</h2>
      <div className="qk-exam-card__grid" style={{ gridTemplateColumns: 'repeat(auto-fill, 36px)' }}>
        {items.map((it) => {
          const v = verdictOf(it.result);
          return (
            <a
              key={it.problem.id}
              href={`${page}#q-${it.problem.id}`}
              className={`qk-exam-card__no qk-exam-mark ${v.cls}`}
              title={v.label}
              style={{ margin: 0, borderRadius: 4 }}
            >
              {it.no}
            </a>
          );
        })}
      </div>
    </section>
  );
}

/** The paper's sections in order, each problem reviewed with its answer and, when shown, the key. */
export function ReviewSections({
  sections,
  items,
  recordId,
  scores,
  keysShown = true,
}: {
  sections: { titleName: string; score: number }[];
  items: ReviewItem[];
  recordId: string;
  scores: Map<string, number>;
  keysShown?: boolean;
}) {
  return sections.map((s, si) => (
    <section key={si} className="qk-exam-section">
      <h2>
        {sectionTitle(si, s.titleName)}
        <small>（{s.score} 分）</small>
      </h2>
      {items
        .filter((it) => it.section === si)
        .map((it, i, arr) => (
          <ReviewProblem
            key={it.problem.id}
            item={it}
            recordId={recordId}
            keysShown={keysShown}
            maxScore={scores.get(it.problem.id) ?? 0}
            showMaterial={Boolean(it.material) && arr[i - 1]?.material?.id !== it.material?.id}
          />
        ))}
    </section>
  ));
}
