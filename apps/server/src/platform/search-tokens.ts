import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Jieba as JiebaT } from '@node-rs/jieba';
import { LocalCache } from './local-cache.ts';

/**
 * The Chinese segmenter of the search index (decision 46): PostgreSQL has no Chinese parser, so text is cut into
 * words by jieba here and stored under the 'simple' configuration, which only lower-cases. One segmenter per
 * process, built on first use (its dictionary takes ~100 ms to load); the site's own words (course names,
 * lecturer names) are added to it as the index learns them, so 小青老师 stays one word.
 */
const require = createRequire(import.meta.url);
let jieba: JiebaT | undefined;
const known = new Set<string>();
/** grows as the dictionary learns words: a keyword cut before then may be cut otherwise now */
let learned = 0;
// the same keywords and terms come again and again: each cut kept until the dictionary changes
const cuts = new LocalCache<string, string[]>({ max: 10_000, generation: () => learned });

function segmenter(): JiebaT {
  if (!jieba) {
    const { Jieba } = require('@node-rs/jieba') as { Jieba: typeof JiebaT };
    // the dictionary's file read here rather than through '@node-rs/jieba/dict', whose module would keep it and the
    // unused word weights (some 11 MB) for the life of the process once the segmenter has its own copy
    const dict = fs.readFileSync(path.join(path.dirname(require.resolve('@node-rs/jieba/dict')), 'dict.txt'));
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

// letters, digits and CJK: punctuation and spaces are not words, and tsquery's operators must never reach it
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_WORD = 40;

function words(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    for (const w of part.toLowerCase().match(WORD) ?? []) if (w.length <= MAX_WORD) out.push(w);
  }
  return out;
}

/** Words of a text to store: jieba's search mode, which also gives the shorter words inside a long one. */
export function indexWords(text: string): string {
  if (!text) return '';
  return words(segmenter().cutForSearch(text, true)).join(' ');
}

/** Words of what a person typed: the plain cut, so 数据分析 is one word and must match as one. */
export function queryWords(keyword: string): string[] {
  // what is typed into a search box is short; a long text is cut without being kept
  const keep = keyword.length <= 100;
  let cut = keep ? cuts.get(keyword) : undefined;
  if (!cut) {
    cut = [...new Set(words(segmenter().cut(keyword, true)))];
    if (keep) cuts.set(keyword, cut);
  }
  return cut.slice();
}

/**
 * Adds the site's own names to the dictionary, so that they are cut as one word in titles and keywords alike.
 * Only whole names of 2–12 CJK characters are added: English words are split by spaces already.
 */
export function addSiteWords(names: Iterable<string>): number {
  const fresh: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (!/^[\p{Script=Han}]{2,12}$/u.test(name) || known.has(name)) continue;
    known.add(name);
    fresh.push(`${name} 200000 n`);
  }
  if (fresh.length) {
    segmenter().loadDict(Buffer.from(fresh.join('\n') + '\n'));
    learned++;
  }
  return fresh.length;
}

function covers(word: string, parts: string[]): boolean {
  const hit = new Array<boolean>(word.length).fill(false);
  for (const p of parts) {
    for (let at = word.indexOf(p); at >= 0; at = word.indexOf(p, at + 1)) hit.fill(true, at, at + p.length);
  }
  return hit.every(Boolean);
}

/**
 * A keyword's words as the index matches them: every word a prefix ('pyth' finds python), all of them required. A
 * word is its alternatives, each a list of prefixes that must all be present: the word itself, and for a long
 * Chinese word its shorter words (数据分析 as 数据 and 分析), as a title may have been cut differently.
 */
export type PrefixTerm = string[][];

export function prefixTerms(terms: string[]): PrefixTerm[] {
  return terms.map((t) => {
    const parts = coveringParts(t);
    return parts.length ? [[t], parts] : [[t]];
  });
}

/**
 * The same words as a tsquery in 'simple' words. `weight` limits the match to one part of the entry ('A', the
 * title).
 */
export function prefixQuery(terms: string[], weight = ''): string {
  const one = (t: string) => `'${t}':*${weight}`;
  return prefixTerms(terms)
    .map((alts) => {
      const each = alts.map((alt) => (alt.length > 1 ? `(${alt.map(one).join(' & ')})` : one(alt[0]!)));
      return each.length > 1 ? `(${each.join(' | ')})` : each[0]!;
    })
    .join(' & ');
}

/** The shorter words a long Chinese word may match as; only ones that cover it (李老师 never widens to 老师). */
function coveringParts(t: string): string[] {
  if (t.length < 3 || !/^\p{Script=Han}+$/u.test(t)) return [];
  const parts = words(segmenter().cutForSearch(t, true)).filter((w) => w !== t);
  return parts.length && covers(t, parts) ? parts : [];
}

/** Every word a result may have matched by, to mark: the words and the shorter words a long one matches as. */
export function matchedWords(terms: string[]): string[] {
  return [...new Set(terms.flatMap((t) => [t, ...coveringParts(t)]))];
}
