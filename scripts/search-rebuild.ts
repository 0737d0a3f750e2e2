/**
 * `npm run search:rebuild`: reads every searchable thing of every site into the search index again (decision 46).
 * The index follows each change as it happens; this is for data written around the services (an import, a
 * restore) and is safe to run while the server runs on PostgreSQL. Stop an embedded-database server first.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { rowsOf } from '../apps/server/src/platform/db/client.ts';

const { app, platform, services } = await buildApp(loadConfig());
const sites = rowsOf<{ id: string }>(await platform.db.execute(sql`select id::text as id from site order by id`));
for (const s of sites) {
  const started = Date.now();
  const written = await services.search.rebuild(BigInt(s.id));
  console.log(`站点 ${s.id}：已写入 ${written} 条搜索索引（${Date.now() - started} ms）`);
}
await app.close();
