import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    // integration files wait on child servers, PostgreSQL and ffmpeg as well as compute: one and a half workers a
    // core keep a two-core machine busy; a worker runs file after file in one module graph, so the server's modules
    // and the embedded database's are loaded once per worker, not once per file (decision 66)
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    isolate: false,
    globalSetup: ['apps/server/src/testing/seeded-snapshot.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
