import type { TProblemShown } from '#contract/exam.ts';
import { EXAM_LIMITS } from '#contract/exam.ts';

/** Problem stems and options are HTML cleaned by the server when saved; plain text keeps its line breaks. */
export function Stem({ html, className = 'qk-exam-stem' }: { html: string; className?: string }) {
  if (/^\s*</.test(html)) return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className={`${className} qk-exam-pre`}>{html}</div>;
}

const JUDGE_OPTIONS = [
  { key: 'A', content: '正确' },
  { key: 'B', content: '错误' },
];

interface InputProps {
  problem: TProblemShown;
  value: string[] | undefined;
  onChange: (answer: string[]) => void;
  disabled?: boolean;
  /** Keys to mark after feedback: the right ones green, the chosen wrong ones red. */
  right?: readonly string[];
}

/**
 * The controls for one problem: radio options (single, true/false), check boxes (multiple), one input per blank
 * (fill-in), a text area (short answer). Plain form elements, styled by exam.css, so public pages stay light.
 */
export function ProblemInput({ problem, value, onChange, disabled = false, right }: InputProps) {
  const v = value ?? [];
  const name = `p-${problem.id}`;
  const t = problem.problemType;
  if (t === 1 || t === 2 || t === 3) {
    const options = t === 3 ? JUDGE_OPTIONS : problem.options;
    const multiple = t === 2;
    return (
      <div className="qk-exam-options" role={multiple ? 'group' : 'radiogroup'} aria-label="选项">
        {options.map((o) => {
          const checked = v.includes(o.key);
          const cls = [
            'qk-exam-option',
            checked ? 'is-checked' : '',
            right?.includes(o.key) ? 'is-right' : '',
            right && checked && !right.includes(o.key) ? 'is-wrong' : '',
          ].join(' ');
          return (
            <label key={o.key} className={cls}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={o.key}
                checked={checked}
                disabled={disabled}
                onChange={(e) => {
                  if (!multiple) onChange([o.key]);
                  else onChange(e.target.checked ? [...v, o.key].sort() : v.filter((k) => k !== o.key));
                }}
              />
              <span className="qk-exam-option__key">{t === 3 ? '' : o.key}</span>
              <Stem html={o.content} className="qk-exam-option__text" />
            </label>
          );
        })}
      </div>
    );
  }
  if (t === 4) {
    const n = Math.max(1, problem.blankCount);
    return (
      <div className="qk-exam-blanks">
        {Array.from({ length: n }, (_, i) => (
          <label key={i} className="qk-exam-blank">
            <span>第 {i + 1} 空</span>
            <input
              type="text"
              value={v[i] ?? ''}
              disabled={disabled}
              maxLength={200}
              aria-label={`第 ${i + 1} 空`}
              onChange={(e) => {
                const next = Array.from({ length: n }, (_, j) => v[j] ?? '');
                next[i] = e.target.value;
                onChange(next);
              }}
            />
          </label>
        ))}
      </div>
    );
  }
  if (t === 5) {
    return (
      <textarea
        className="qk-exam-textarea"
        rows={6}
        value={v[0] ?? ''}
        disabled={disabled}
        maxLength={EXAM_LIMITS.maxAnswerChars}
        placeholder="在此作答"
        aria-label="作答"
        onChange={(e) => onChange([e.target.value])}
      />
    );
  }
  return null;
}
