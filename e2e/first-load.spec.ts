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
