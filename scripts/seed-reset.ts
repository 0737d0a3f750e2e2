/**
 * `npm run seed:reset`: empties the database (the embedded folder, or every table of DATABASE_URL) and the
 * local files, then migrates and loads the demo data again. Stop the server first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { ensureDefaultSite } from '../apps/server/src/db/seed/default-site.ts';
import { runSeeders } from '../apps/server/src/db/seed/seed.ts';
import { seeders } from '../apps/server/src/db/seed/seeders.ts';

const config = loadConfig();
if (config.databaseUrl) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: config.databaseUrl });
  await c.connect();
  await c.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await c.end();
} else {
  const dbDir = path.join(config.dataDir, 'db');
  const lock = path.join(config.dataDir, 'qingke.lock');
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    try {
      process.kill(pid, 0);
      console.error(`服务器（PID ${pid}）正在使用 ${config.dataDir}，请先停止它再重置。`);
      process.exit(1);
    } catch {
      /* stale lock */
    }
  }
  fs.rmSync(dbDir, { recursive: true, force: true });
}
fs.rmSync(path.join(config.dataDir, 'files', 'demo'), { recursive: true, force: true });
const { app, platform, services } = await buildApp({ ...config, logLevel: 'warn' });
const siteId = await ensureDefaultSite(platform);
const ran = await runSeeders(platform, seeders, {
  siteId,
  publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
});
await services.search.rebuild(siteId);
await app.close();
console.log(`演示数据已重建：${ran.join('、')}`);
