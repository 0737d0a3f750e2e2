import { Correctness } from '#contract/exam-attempt.ts';
import { PartialRule, ProblemType } from '#contract/exam.ts';

/** What scoring needs of a problem: its type, options and reference answer. */
export interface ScorableProblem {
  problemType: number;
  answer: string[];
  options: { key: string }[];
}

export interface Scored {
  score: number | null;
  isCorrect: number | null;
  /** 0 scored at once, 1 waiting for the lecturer. */
  markStatus: number;
}

export const optionKey = (i: number): string => String.fromCharCode(65 + i);
export const isChoice = (type: number): boolean =>
  type === ProblemType.SINGLE || type === ProblemType.MULTIPLE || type === ProblemType.JUDGE;

/** Full-width letters and spaces typed on a Chinese keyboard count as their plain forms; Latin letters ignore case. */
function normaliseBlank(s: string): string {
  return s
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export function blankMatches(given: string | undefined, reference: string): boolean {
  if (given === undefined) return false;
  const g = normaliseBlank(given);
  if (g === '') return false;
  return reference.split('|').some((alt) => normaliseBlank(alt) === g);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((k) => b.includes(k));

/**
 * Scores one answer. Choice problems compare option keys; multiple choice with some right keys and no wrong key
 * earns half (rounded down) under the HALF rule; fill-in scores each blank's share; short answers wait for the
 * lecturer unless left empty (nothing to mark).
 */
export function scoreAnswer(p: ScorableProblem, given: string[], max: number, partialRule: number): Scored {
  const answered = given.filter((s) => s.trim() !== '');
  switch (p.problemType) {
    case ProblemType.SINGLE:
    case ProblemType.JUDGE: {
      const right = answered.length === 1 && p.answer.length === 1 && answered[0] === p.answer[0];
      return { score: right ? max : 0, isCorrect: right ? Correctness.RIGHT : Correctness.WRONG, markStatus: 0 };
    }
    case ProblemType.MULTIPLE: {
      const keys = [...new Set(answered)];
      if (sameSet(keys, p.answer)) return { score: max, isCorrect: Correctness.RIGHT, markStatus: 0 };
      const partial = keys.length > 0 && keys.every((k) => p.answer.includes(k));
      if (partial && partialRule === PartialRule.HALF)
        return { score: Math.floor(max / 2), isCorrect: Correctness.PARTIAL, markStatus: 0 };
      return { score: 0, isCorrect: Correctness.WRONG, markStatus: 0 };
    }
    case ProblemType.FILL: {
      const blanks = p.answer.length;
      if (blanks === 0) return { score: 0, isCorrect: Correctness.WRONG, markStatus: 0 };
      const right = p.answer.filter((ref, i) => blankMatches(given[i], ref)).length;
      if (right === blanks) return { score: max, isCorrect: Correctness.RIGHT, markStatus: 0 };
      if (right === 0) return { score: 0, isCorrect: Correctness.WRONG, markStatus: 0 };
      return { score: Math.floor((max * right) / blanks), isCorrect: Correctness.PARTIAL, markStatus: 0 };
    }
    default:
      if (answered.length === 0) return { score: 0, isCorrect: Correctness.WRONG, markStatus: 0 };
      return { score: null, isCorrect: null, markStatus: 1 };
  }
}

/** Whether a scored answer is wrong enough for the wrong-answer book: answered, objective, not fully right. */
export const belongsInBook = (s: Scored, given: string[]): boolean =>
  s.markStatus === 0 && s.isCorrect !== Correctness.RIGHT && given.some((x) => x.trim() !== '');

/* ---- per-attempt shuffling: deterministic from the attempt's seed, so continue shows the same order ---- */

function hash32(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A permutation of 0..n-1 (shown position → original index) fixed by the seed and a salt. */
export function permutation(n: number, seed: number, salt: string): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  const rnd = mulberry32(seed ^ hash32(salt));
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx;
}

/** Option order of one problem in one attempt: judge problems keep 正确/错误 in place. */
export function optionOrder(
  problemType: number,
  optionCount: number,
  seed: number,
  problemId: string,
  shuffle: boolean,
): number[] {
  const straight = Array.from({ length: optionCount }, (_, i) => i);
  if (!shuffle || (problemType !== ProblemType.SINGLE && problemType !== ProblemType.MULTIPLE)) return straight;
  return permutation(optionCount, seed, `o${problemId}`);
}

/** Shown keys → the paper's true keys (unknown keys are dropped). */
export function toTrueKeys(shown: string[], order: number[]): string[] {
  const out: string[] = [];
  for (const k of shown) {
    const pos = k.length === 1 ? k.charCodeAt(0) - 65 : -1;
    const orig = order[pos];
    if (orig !== undefined) out.push(optionKey(orig));
  }
  return out;
}

/** True keys → the keys shown in this attempt. */
export function toShownKeys(trueKeys: string[], order: number[]): string[] {
  return trueKeys
    .map((k) => order.indexOf(k.charCodeAt(0) - 65))
    .filter((i) => i >= 0)
    .map(optionKey);
}
