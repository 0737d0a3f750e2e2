/**
 * 'Acknowledged' means 'stored', for real: the server (`node apps/server/src/main.ts`, a child process on a
 * file-backed PGlite in a temporary DATA_DIR, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set; with
 * REDIS_URL and without) takes progress reports and exam answer saves from many learners at once and is SIGKILLed
 * in the middle of it, twice, restarted each time. Every report answered 200 must be found in the stored progress
 * (position, percent and the count of reports of its learner's lesson at least what the last answer said), and
 * every answer save answered 200 in the stored answers (the last one answered, or the one sent after it that
 * was still unanswered at the kill).
 *
 * The learners, their sessions, a paper of short-answer problems and their attempts are written straight into the
 * database between a first start (migrations and the demo seed) and the load; the free demo courses' lessons are
 * the lessons watched.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchDatabase } from '../../../../../bench/lib/database.ts';
import { openPglite, openPostgres, type Database } from '../../platform/db/client.ts';
import { sleep, startChildServer } from '../../testing/child-server.ts';
import { PERIODS_EACH, checkStored, freePeriods, loadUntil, prepareLoad } from '../../testing/acknowledged-load.ts';

const ROUNDS = 2;
/** How long the load runs before the kill, ms, once both kinds of call are being answered: a random moment in this window. */
const LOAD_MS: [number, number] = [1000, 2500];

async function openDb(dataDir: string, pgUrl: string | undefined): Promise<Database> {
  return pgUrl ? openPostgres(pgUrl, 2) : openPglite(path.join(dataDir, 'db'));
}

const setups = [
  { name: 'PGlite', pg: false, redis: false },
  { name: 'PGlite with Redis', pg: false, redis: true },
  { name: 'PostgreSQL', pg: true, redis: false },
  { name: 'PostgreSQL with Redis', pg: true, redis: true },
].filter(
  (s) =>
    (!s.pg || process.env.TEST_DATABASE_URL) &&
    (!s.redis || process.env.REDIS_URL) &&
    // the plain embedded run belongs to the embedded run of the tests (`npm test`): the PostgreSQL run does not repeat it
    (s.pg || s.redis || !process.env.TEST_DATABASE_URL),
);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.each(setups)('a server SIGKILLed under load, on $name', ({ name, pg, redis }) => {
  // three starts of the server on the embedded database and two loads: on two cores shared with the other test
  // files, 70 s pass before the first load (20 s alone)
  it('has stored every progress report and answer save it acknowledged', { timeout: 240_000 }, async () => {
    const t0 = Date.now();
    const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-ack-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const pgDb = pg ? await createBenchDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    if (pgDb) cleanups.push(() => pgDb.drop());
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...(redis
        ? { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `qk-crash-${crypto.randomBytes(4).toString('hex')}:` }
        : {}),
    };

    // migrations and the demo seed; then the learners, written while no server holds the database
    let server = await startChildServer(env);
    const periods = await freePeriods(server.baseUrl);
    expect(periods.length).toBeGreaterThanOrEqual(PERIODS_EACH);
    await server.stop();
    let database = await openDb(dataDir, pgDb?.url);
    const load = await prepareLoad(database.db, periods).finally(() => database.close());

    server = await startChildServer(env);
    cleanups.push(() => server.stop());
    console.log(`${name}: learners written, server started again (${at()})`);
    let acknowledged = { reports: 0, saves: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const stop = { now: false };
      let flowing!: () => void;
      const started = new Promise<void>((resolve) => (flowing = resolve));
      const running = loadUntil(server.baseUrl, load, stop, flowing);
      await Promise.race([started, sleep(20_000)]);
      await sleep(LOAD_MS[0] + Math.random() * (LOAD_MS[1] - LOAD_MS[0]));
      await server.kill();
      stop.now = true;
      const done = await running;
      acknowledged = { reports: acknowledged.reports + done.reports, saves: acknowledged.saves + done.saves };
      console.log(
        `${name}, round ${round} (${at()}): killed after ${done.reports} progress reports and ${done.saves} answer saves acknowledged`,
      );
      server = await startChildServer(env);
    }
    await server.stop();
    console.log(`${name}: stopped after the last restart (${at()})`);

    database = await openDb(dataDir, pgDb?.url);
    try {
      const found = await checkStored(database.db, load);
      console.log(
        `${name}: ${acknowledged.reports} progress reports acknowledged, ${found.foundReports} found stored (${found.lostReports.length} of ${load.watches.length} lessons behind); ` +
          `${acknowledged.saves} answer saves acknowledged, the last of them found stored for ${found.answeredProblems - found.lostSaves.length} of the ${found.answeredProblems} problems answered`,
      );
      expect(acknowledged.reports, 'the load acknowledged progress reports').toBeGreaterThan(0);
      expect(acknowledged.saves, 'the load acknowledged answer saves').toBeGreaterThan(0);
      expect(found.foundReports).toBe(acknowledged.reports);
      expect(found.lostReports).toEqual([]);
      expect(found.lostSaves).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
