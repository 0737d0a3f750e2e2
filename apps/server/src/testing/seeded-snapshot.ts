import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    seededSnapshot: string;
  }
}

/**
 * The seeded embedded database of this test run, when the run made one (not on PostgreSQL), with the files the
 * seed stored (copied into the new app's data folder).
 */
export function seededSnapshot(dataDir: string): Blob | undefined {
  let file: string | undefined;
  try {
    file = inject('seededSnapshot');
  } catch {
    return undefined; // outside a test file (the run's setup making the snapshot)
  }
  if (!file || !fs.existsSync(file)) return undefined;
  const files = path.join(path.dirname(file), 'files');
  if (fs.existsSync(files)) fs.cpSync(files, path.join(dataDir, 'files'), { recursive: true });
  return new Blob([fs.readFileSync(file)]);
}
