import { problemTypeName } from '#contract/exam.ts';
import type { TCategory, TProblemShown } from '#contract/exam.ts';

export const DIFFICULTY_NAME: Record<number, string> = { 1: '容易', 2: '中等', 3: '困难' };
export const RECORD_STATUS_NAME: Record<number, string> = { 1: '考试中', 2: '待批阅', 3: '已完成' };
export const AUDIT_STATUS_NAME: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '未通过', 3: '编辑中' };

/** A form's subject or year choices: the enabled ones, and the one already held if it has since been stopped. */
export function categoryOptions(list: TCategory[], heldId: string | undefined, heldName: string | undefined) {
  const options = list.map((c) => ({ value: c.id, label: c.categoryName }));
  return heldId && !list.some((c) => c.id === heldId)
    ? [...options, { value: heldId, label: `${heldName ?? ''}（已停用）` }]
    : options;
}

export function typeName(type: number): string {
  return problemTypeName[type] ?? '题目';
}

/** 3725 → '01:02:05'; the countdown's face. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** An answer as a reader sees it: keys joined, blanks separated, an empty answer said so. */
export function answerText(type: number, answer: readonly string[]): string {
  const given = answer.filter((a) => a.trim() !== '');
  if (given.length === 0) return '未作答';
  if (type === 3) return answer[0] === 'A' ? '正确' : answer[0] === 'B' ? '错误' : answer[0]!;
  if (type === 4)
    return answer.map((a, i) => `(${i + 1}) ${a.trim() === '' ? '未填' : a.split('|').join(' 或 ')}`).join('　');
  if (type === 5) return answer[0]!;
  return [...answer].sort().join('');
}

/** Whether an answer says anything: an untouched fill-in is an array of empty strings. */
export function isAnswered(answer: readonly string[] | undefined): boolean {
  return Boolean(answer && answer.some((a) => a.trim() !== ''));
}

/** The problems that take answers, in paper order: a material problem stands for its sub-problems. */
export interface Numbered {
  no: number;
  problem: TProblemShown;
  /** The material stem this problem belongs to, when it is a sub-problem. */
  material: TProblemShown | null;
  section: number;
}

export function numberProblems(sections: ReadonlyArray<{ problems: readonly TProblemShown[] }>): Numbered[] {
  const out: Numbered[] = [];
  sections.forEach((s, si) => {
    for (const p of s.problems) {
      if (p.problemType === 6)
        for (const c of p.children) out.push({ no: out.length + 1, problem: c, material: p, section: si });
      else out.push({ no: out.length + 1, problem: p, material: null, section: si });
    }
  });
  return out;
}

export const SECTION_NUMERALS = [
  '一',
  '二',
  '三',
  '四',
  '五',
  '六',
  '七',
  '八',
  '九',
  '十',
  '十一',
  '十二',
  '十三',
  '十四',
  '十五',
  '十六',
  '十七',
  '十八',
  '十九',
  '二十',
];

export function sectionNumeral(i: number): string {
  return SECTION_NUMERALS[i] ?? String(i + 1);
}

/** '一、单选题': the numeral is added unless the lecturer's title already starts with one. */
export function sectionTitle(i: number, titleName: string): string {
  return /^\s*([一二三四五六七八九十]+|\d+)\s*[、.．]/.test(titleName)
    ? titleName
    : `${sectionNumeral(i)}、${titleName}`;
}

/** [3,4,5,7] → '3–5、7': the unanswered problems in the submit confirmation, short enough to read. */
export function ranges(nos: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < nos.length;) {
    let j = i;
    while (j + 1 < nos.length && nos[j + 1] === nos[j]! + 1) j++;
    out.push(j > i ? `${nos[i]}–${nos[j]}` : String(nos[i]));
    i = j + 1;
  }
  return out.join('、');
}
