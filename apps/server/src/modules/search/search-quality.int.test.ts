import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { QUALITY_QUERIES } from './search-quality.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('puts the expected result in the top 5 for at least 90 % of the quality set', async () => {
  expect(QUALITY_QUERIES.length).toBeGreaterThanOrEqual(60);
  let first = 0;
  let top5 = 0;
  const misses: string[] = [];
  for (const { q, type, first: want } of QUALITY_QUERIES) {
    const res = await t.call('/search/api/search/list', { keyword: q, type, pageSize: 5 });
    expect(res.code, `${q}: ${res.msg}`).toBe(200);
    const titles = (res.data.list as { title: string }[]).map((h) => h.title);
    const rank = titles.indexOf(want);
    if (rank === 0) first++;
    if (rank >= 0) top5++;
    else misses.push(`${q} → ${titles.join(' | ') || '（无结果）'}`);
    if (rank > 0) misses.push(`${q} (第 ${rank + 1} 位) → ${titles[0]}`);
  }
  const n = QUALITY_QUERIES.length;
  const share = (k: number) => `${((100 * k) / n).toFixed(1)} %`;
  console.log(`search quality: ${n} queries, rank 1 ${share(first)}, top 5 ${share(top5)}\n${misses.join('\n')}`);
  expect(top5 / n).toBeGreaterThanOrEqual(0.9);
});
