import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the seeded embedded database as a tarball, beside a `files` folder */
    seededSnapshot: string;
    /** on PostgreSQL: the seeded template database's name and its `files` folder */
    seededTemplate: { name: string; files: string };
  }
}

function provided<K extends 'seededSnapshot' | 'seededTemplate'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined; // outside a test file (the run's setup making the snapshot)
  }
}

const copyFiles = (files: string, dataDir: string) => {
  if (fs.existsSync(files)) fs.cpSync(files, path.join(dataDir, 'files'), { recursive: true });
};

/**
 * The seeded embedded database of this test run, when the run made one (not on PostgreSQL), with the files the
 * seed stored (copied into the new app's data folder).
 */
export function seededSnapshot(dataDir: string): Blob | undefined {
  const file = provided('seededSnapshot');
  if (!file || !fs.existsSync(file)) return undefined;
  copyFiles(path.join(path.dirname(file), 'files'), dataDir);
  return new Blob([fs.readFileSync(file)]);
}

/** On PostgreSQL: the seeded template database to copy (CREATE DATABASE … TEMPLATE), with the seed's files copied. */
export function seededTemplate(dataDir: string): string | undefined {
  const tpl = provided('seededTemplate');
  if (!tpl) return undefined;
  copyFiles(tpl.files, dataDir);
  return tpl.name;
}
