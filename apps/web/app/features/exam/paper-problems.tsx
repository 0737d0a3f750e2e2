import type { CallData } from '#contract/call.ts';
import type { TProblemFull } from '#contract/exam.ts';
import type { paperPreview } from '#contract/exam-paper.ts';
import { answerText, DIFFICULTY_NAME, sectionTitle } from './format.ts';
import { Stem } from './problem-input.tsx';

type Sections = CallData<typeof paperPreview>['sections'];

function One({ no, p, score }: { no: number; p: TProblemFull; score: number }) {
  return (
    <article className="qk-exam-review">
      <div className="qk-exam-problem__head">
        <span className="qk-exam-problem__no">{no}.</span>
        <span className="qk-exam-tag">{p.problemTypeName}</span>
        <span className="qk-muted">
          {score} 分 · {DIFFICULTY_NAME[p.difficulty]}
        </span>
      </div>
      <Stem html={p.problemContent} />
      {p.problemType === 1 || p.problemType === 2 ? (
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
        <dt>答案</dt>
        <dd>{answerText(p.problemType, p.answer)}</dd>
        <dt>解析</dt>
        <dd>{p.analysis ? <Stem html={p.analysis} /> : '暂无解析'}</dd>
      </dl>
    </article>
  );
}

/** A whole paper with answers and analysis: the lecturer's preview and the administrator's audit view. */
export function PaperProblems({ sections }: { sections: Sections }) {
  let no = 0;
  return (
    <>
      {sections.map((s, si) => (
        <section key={si} className="qk-exam-section" style={{ border: '1px solid var(--qk-line)' }}>
          <h2>
            {sectionTitle(si, s.titleName)}
            <small>
              （共 {s.problems.length} 题，{s.score} 分）
            </small>
          </h2>
          {s.problems.map((x) =>
            x.problem.problemType === 6 ? (
              <div key={x.problemId} className="qk-exam-material">
                <div className="qk-exam-material__stem">
                  <span className="qk-exam-tag">材料题</span>
                  <Stem html={x.problem.problemContent} />
                </div>
                {x.problem.children.map((c) => (
                  <One key={c.id} no={++no} p={c} score={c.score} />
                ))}
              </div>
            ) : (
              <One key={x.problemId} no={++no} p={x.problem} score={x.score} />
            ),
          )}
        </section>
      ))}
    </>
  );
}
