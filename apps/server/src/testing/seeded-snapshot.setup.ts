import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Seeds the demo world once per test run on the embedded database and keeps its files, so each test file starts
 * from a copy instead of migrating and seeding again (most of an integration file's time). PostgreSQL runs
 * (TEST_DATABASE_URL) create and seed their own databases as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const { createTestApp } = await import('./test-app.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-seeded-'));
  const file = path.join(dir, 'seeded.tar.gz');
  const t = await createTestApp();
  const blob = await t.platform.database.dump!();
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  const files = path.join(t.platform.config.dataDir, 'files');
  if (fs.existsSync(files)) fs.cpSync(files, path.join(dir, 'files'), { recursive: true });
  await t.close();
  project.provide('seededSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
