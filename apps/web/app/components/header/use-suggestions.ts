import { useEffect, useRef, useState } from 'react';
import type { TSearchSuggestion } from '#contract/search.ts';
import { callLater } from '../../api/later.ts';
import { whenIdle } from '../../lib/idle.ts';

const DEBOUNCE_MS = 200;
const CACHE_MAX = 100;
// the same letters are typed again and again (backspace, another tab): answers are kept for the page's life
const cache = new Map<string, TSearchSuggestion[]>();
// every page has the box, few pages are typed in: the call's module comes when the page is idle
const suggest = callLater(() => import('#contract/search.ts').then((m) => m.searchSuggest));

/**
 * Suggestions for what is being typed: asked once typing pauses, the answer of a keyword kept, and an answer
 * that arrives after the text changed again thrown away. A failure only means no suggestions.
 */
export function useSuggestions(text: string, enabled: boolean): TSearchSuggestion[] {
  const [list, setList] = useState<TSearchSuggestion[]>([]);
  const latest = useRef('');
  const keyword = text.trim();
  useEffect(() => whenIdle(() => suggest.preload()), []);
  useEffect(() => {
    latest.current = keyword;
    if (!enabled || !keyword) {
      setList([]);
      return;
    }
    const hit = cache.get(keyword);
    if (hit) {
      setList(hit);
      return;
    }
    const timer = setTimeout(() => {
      suggest
        .api({ keyword }, { toast: false })
        .then((found) => {
          if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
          cache.set(keyword, found);
          if (latest.current === keyword) setList(found);
        })
        .catch(() => {
          if (latest.current === keyword) setList([]);
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, enabled]);
  return list;
}
