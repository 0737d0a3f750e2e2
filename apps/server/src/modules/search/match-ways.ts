import { prefixQuery, prefixTerms, queryWords } from '../../platform/search-tokens.ts';
import type { Match } from './search.repo.ts';

/**
 * The ways a keyword is matched, strictest first; the first that finds anything answers. Every word (as prefixes);
 * then, for several terms typed apart that no entry holds together, any of them (one holding more ranks higher); last
 * trigrams, for a typo or letters jieba does not cut as typed (a keyword of punctuation alone has only these).
 */
export function matchesOf(siteId: bigint, keyword: string, words: string[]): Match[] {
  const ways: Match[] = [];
  if (words.length)
    ways.push({
      siteId,
      keyword,
      words,
      tsquery: prefixQuery(words),
      fuzzy: false,
      query: { anyOf: [prefixTerms(words)] },
    });
  // the terms as typed, apart: the words jieba cut from one term are not alternatives (四象限 is not 四 or 象限)
  const terms = keyword
    .split(/\s+/)
    .map(queryWords)
    .filter((w) => w.length);
  if (terms.length > 1) {
    const any = terms.map((w) => `(${prefixQuery(w)})`).join(' | ');
    ways.push({ siteId, keyword, words, tsquery: any, fuzzy: false, query: { anyOf: terms.map(prefixTerms) } });
  }
  ways.push({ siteId, keyword, words, tsquery: '', fuzzy: true, query: { anyOf: [] } });
  return ways;
}
