import { expect, test } from './journey.ts';

/**
 * Each page carries the routes of its own path and of its parent paths, so that links to those parents work
 * without asking the server. The server remembers the parents' routes between pages (decision 58): page after
 * page, each must still list exactly its own.
 */
async function routeIdsOf(html: string): Promise<string[]> {
  const m = /window\.__reactRouterManifest = (\{.*?\});\n/.exec(html);
  if (!m) throw new Error('no route manifest in the page');
  return Object.keys((JSON.parse(m[1]!) as { routes: Record<string, unknown> }).routes).sort();
}

test('a page lists its own routes and its parents’ ones, page after page', async ({ request }) => {
  const list = await (await request.post('/apis/community/api/blog/list', { data: { tab: 1 } })).json();
  const postId: string = list.data.list[0].id;
  const shell = ['layouts/default', 'layouts/pc', 'root', 'routes/home'];
  const expected: Record<string, string[]> = {
    [`/blog/article/${postId}`]: [...shell, 'routes/blog/article', 'routes/blog/index'],
    '/blog': [...shell, 'routes/blog/index'],
    '/': shell,
  };
  for (let round = 0; round < 2; round++) {
    for (const [path, ids] of Object.entries(expected)) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await routeIdsOf(await res.text()), `${path}, round ${round + 1}`).toEqual([...ids].sort());
    }
  }
});
