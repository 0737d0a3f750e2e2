import { expect, test } from 'vitest';
import { createCache } from './cache.ts';

/** A stand-in for a Drizzle query: a thenable that runs its work again every time it is awaited. */
function lazyQuery(counter: { runs: number }) {
  return {
    then<T>(resolve: (v: string[]) => T, reject?: (e: unknown) => T) {
      counter.runs++;
      return Promise.resolve(['row']).then(resolve, reject);
    },
  };
}

test('a memoised lazy query runs once however often the value is read', async () => {
  const cache = await createCache(undefined);
  const counter = { runs: 0 };
  const load = () => lazyQuery(counter) as unknown as Promise<string[]>;
  for (let i = 0; i < 5; i++) expect(await cache.memo.get('k', load)).toEqual(['row']);
  expect(counter.runs).toBe(1);
  await cache.memo.invalidate('k');
  await cache.memo.get('k', load);
  expect(counter.runs).toBe(2);
  await cache.close();
});
