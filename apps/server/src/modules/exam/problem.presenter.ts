import { problemTypeName, type TOption, type TProblemFull, type TProblemShown } from '#contract/exam.ts';
import { formatTime } from '../../platform/time.ts';
import { optionKey } from './exam-rules.ts';
import type { ProblemRow } from './problem.repo.ts';

const blankCount = (r: ProblemRow): number => (r.problemType === 4 ? r.answer.length : 0);

/** With answer and analysis: for the problem's lecturer, the administrator, and a student after submission. */
export function presentProblemFull(r: ProblemRow, children: ProblemRow[], names: Map<bigint, string>): TProblemFull {
  return {
    id: String(r.id),
    parentId: r.parentId ? String(r.parentId) : '',
    problemType: r.problemType,
    problemTypeName: problemTypeName[r.problemType] ?? '',
    problemContent: r.problemContent,
    options: r.options,
    answer: r.answer,
    analysis: r.analysis,
    videoId: r.videoId ? String(r.videoId) : '',
    score: r.score,
    difficulty: r.difficulty,
    subjectId: r.subjectId ? String(r.subjectId) : '',
    subjectName: r.subjectId ? (names.get(r.subjectId) ?? '') : '',
    yearId: r.yearId ? String(r.yearId) : '',
    yearName: r.yearId ? (names.get(r.yearId) ?? '') : '',
    knowledgePoints: r.knowledgePoints,
    blankCount: blankCount(r),
    gmtCreate: formatTime(r.gmtCreate),
    gmtModified: formatTime(r.gmtModified),
    children: children.map((c) => presentProblemFull(c, [], names)),
  };
}

/**
 * Without answer or analysis: what an attempt or a practice shows. `order` gives the shown option order
 * (shown position → original index); options are re-lettered in that order.
 */
export function presentProblemShown(
  r: ProblemRow,
  score: number,
  children: { row: ProblemRow; order: number[] }[],
  order: number[] | undefined,
): TProblemShown {
  const options: TOption[] = (order ?? r.options.map((_, i) => i)).map((orig, shownPos) => ({
    key: optionKey(shownPos),
    content: r.options[orig]?.content ?? '',
  }));
  return {
    id: String(r.id),
    problemType: r.problemType,
    problemTypeName: problemTypeName[r.problemType] ?? '',
    problemContent: r.problemContent,
    options,
    score,
    blankCount: blankCount(r),
    children: children.map((c) => presentProblemShown(c.row, c.row.score, [], c.order)),
  };
}

/** The stem as plain text, for lists. */
export function stemSummary(html: string, max = 200): string {
  const plain = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}
