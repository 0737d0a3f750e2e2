import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_PORT, E2E_PORT, E2E_SMS_INTERVAL_S, E2E_WORKERS, serverLog } from './e2e/server-log.ts';
import { SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV } from './bench/lib/server.ts';

// With REDIS_URL set the servers keep their counters there (an address's enquiries a day, a learner's posts): each
// run keeps its own, under a prefix of its own that the workers inherit, so a run never meets an earlier one's
process.env.E2E_RUN_ID ??= Date.now().toString(36);
const REDIS_PREFIX = `qk-e2e-${process.env.E2E_RUN_ID}:`;

/** Browser journeys on Debian's Chromium against a fresh server with the embedded database and demo data. */
export default defineConfig({
  testDir: 'e2e',
  // a two-core machine running two workers, their servers and browsers at once can take 30–40 s over a long journey
  // and several seconds over one step: generous bounds, which only a stuck test reaches
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  // each worker its own server (webServer below, E2E_PORT in e2e/server-log.ts): files run side by side, never
  // sharing a database; tests of one file run in order
  workers: E2E_WORKERS,
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    // read in each worker process, where E2E_PORT is that worker's server
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    // recording a trace (a screencast and DOM snapshots of every step) costs about a quarter of the suite's CPU:
    // in CI only a failing test's retry records one; elsewhere, where nothing is retried, a failure keeps its trace
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // the site honours the setting by opening dialogs at once: a click never lands on a dialog still zooming in,
    // which, on a loaded machine, could take its first click before it was drawn
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => E2E_BASE_PORT + i).map((port) => ({
    // info level, into a file: journeys read SMS codes from the console sender's log lines (e2e/server-log.ts);
    // every journey's codes come from 127.0.0.1, so the per-address hourly limit is raised, and a mobile waits
    // less between codes (E2E_SMS_INTERVAL_S); the RTMP ingest listens 1000 above the server's port, for the live
    // journey's pushes
    command: `mkdir -p ${path.dirname(serverLog(port))} && DATA_DIR=$(mktemp -d) PORT=${port} LIVE_RTMP_PORT=${port + 1000} LOG_LEVEL=info REDIS_PREFIX=${REDIS_PREFIX} SMS_PER_IP_PER_HOUR=1000 SMS_INTERVAL_SECONDS=${E2E_SMS_INTERVAL_S} GLIBC_TUNABLES=${SERVER_MALLOC_ENV.GLIBC_TUNABLES} node ${SERVER_HEAP_FLAGS.join(' ')} apps/server/src/main.ts > ${serverLog(port)} 2>&1`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
