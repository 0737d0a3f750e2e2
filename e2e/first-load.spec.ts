import fs from 'node:fs';
import path from 'node:path';
import { devices, expect, test } from './journey.ts';
import { pageWeight } from '../bench/lib/page-weight.ts';

/**
 * The first-load budgets (JS and CSS, gzipped): 150 KB for the H5 home, catalogue and course page, 250 KB for the
 * PC home. A page that starts importing a contract module's calls at load (and zod with them) fails here.
 */
const PHONE = devices['iPhone 13'].userAgent;

test('the H5 pages a phone opens first load at most 150 KB, the PC home at most 250 KB', async ({
  request,
  baseURL,
}) => {
  const res = await request.post('/apis/course/api/course/list', { data: { courseType: 1, pageSize: 1 } });
  const courseId: string = (await res.json()).data.list[0].id;
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  for (const path of ['/h5/', '/h5/list', `/h5/view/${courseId}`]) {
    const weight = await pageWeight(new URL(path, baseURL).toString(), PHONE);
    expect(weight.files.length, `${path} loads its scripts`).toBeGreaterThan(3);
    expect(kb(weight.totalGzipped), `${path}: ${weight.files.map((f) => f.url).join(' ')}`).toBeLessThanOrEqual(150);
  }
  const pc = await pageWeight(new URL('/', baseURL).toString());
  expect(kb(pc.totalGzipped)).toBeLessThanOrEqual(250);
});

test('the server keeps the page build it runs at one byte a character', () => {
  // the build these journeys' servers run (vite.config.ts: the ssr environment's charset and comments)
  const dir = path.resolve(import.meta.dirname, '../apps/web/build/server');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(10);
  // a browser worker's own chunk is emitted here too, but the server never loads it
  const wide = files
    .filter((f) => !path.basename(f).includes('.worker'))
    .filter((f) => /[^\t\n\r\x20-\x7e]/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
  expect(wide).toEqual([]);
});
