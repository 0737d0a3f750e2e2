import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Seeds the demo world once per test run and keeps its files, so each test file starts from a copy instead of
 * migrating and seeding again (most of an integration file's time): a tarball of the embedded database, or on
 * PostgreSQL (TEST_DATABASE_URL) a template database that each file's database is created from.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-seeded-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) return seedTemplate(project, url, dir, removeDir);
  const { createTestApp } = await import('./test-app.ts');
  const file = path.join(dir, 'seeded.tar.gz');
  const t = await createTestApp();
  const blob = await t.platform.database.dump!();
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  const files = path.join(t.platform.config.dataDir, 'files');
  if (fs.existsSync(files)) fs.cpSync(files, path.join(dir, 'files'), { recursive: true });
  await t.close();
  project.provide('seededSnapshot', file);
  return removeDir;
}

async function seedTemplate(project: TestProject, url: string, dir: string, removeDir: () => void) {
  const { default: pg } = await import('pg');
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  const name = `qk_tpl_${crypto.randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const { seedInto } = await import('./test-app.ts');
  const tplUrl = new URL(url);
  tplUrl.pathname = `/${name}`;
  const files = path.join(dir, 'files');
  await seedInto(tplUrl.toString(), dir);
  project.provide('seededTemplate', { name, files });
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    removeDir();
  };
}
