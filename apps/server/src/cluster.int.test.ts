/**
 * The deployed shape, run for real: Debian's nginx with deploy/nginx/qingke.conf in front of two `ROLE=web`
 * processes and one `ROLE=worker`, each with its own empty data folder, on one PostgreSQL database, one Redis
 * and one S3 bucket (s3rver). Runs where TEST_DATABASE_URL and REDIS_URL are set (`.ci/run` sets both).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBenchDatabase, type BenchDatabase } from '../../../bench/lib/database.ts';
import { freePort } from '../../../bench/lib/server.ts';
import { openPostgres, rowsOf, type Database } from './platform/db/client.ts';
import { sql } from 'drizzle-orm';
import { sleep, startChildServer, type ChildServer } from './testing/child-server.ts';
import { checkStored, freePeriods, loadUntil, post, prepareLoad } from './testing/acknowledged-load.ts';
import { nginxInstalled, startNginx, type TestNginx } from './testing/nginx.ts';
import { startTestS3, type TestS3 } from './testing/s3-server.ts';
import { chunkBody, uploadFile } from './modules/vod/upload.testing.ts';

const base = process.env.TEST_DATABASE_URL;
const redis = process.env.REDIS_URL;
const wanted = Boolean(base && redis);
if (wanted && !nginxInstalled()) throw new Error('集群测试需要 nginx：请运行 apt-get install -y nginx');
const BUILD = path.resolve(import.meta.dirname, '../../web/build/server/index.js');
if (wanted && !fs.existsSync(BUILD)) throw new Error('集群测试需要页面构建产物：请先运行 npm run build');

const DEMO_PASSWORD = 'Demo1234';

describe.skipIf(!wanted)('a cluster: nginx before two web processes and a worker', () => {
  let pg: BenchDatabase;
  let s3: TestS3;
  let database: Database;
  let nginx: TestNginx;
  let env: Record<string, string>;
  const ports: number[] = [];
  const web: ChildServer[] = [];
  let worker: ChildServer;
  const dirs: string[] = [];

  const start = async (role: 'web' | 'worker', port?: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qk-cluster-${role}-`));
    dirs.push(dir);
    return startChildServer({ ...env, ROLE: role, DATA_DIR: dir }, { port });
  };

  beforeAll(async () => {
    pg = await createBenchDatabase(base!);
    s3 = await startTestS3();
    env = {
      ...s3.env,
      DATABASE_URL: pg.url,
      REDIS_URL: redis!,
      REDIS_PREFIX: `qk-cluster-${crypto.randomBytes(4).toString('hex')}:`,
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '1500',
      PAGE_CACHE_MS: '0',
    };
    ports.push(await freePort(), await freePort());
    // all three at once on the empty database: one migrates and seeds while the others wait for it
    const started = await Promise.all([start('web', ports[0]), start('web', ports[1]), start('worker')]);
    web.push(started[0], started[1]);
    worker = started[2];
    nginx = await startNginx(ports);
    database = await openPostgres(pg.url, 2);
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const s of [...web, worker]) await s?.stop();
    await database?.close();
    await s3?.stop();
    await pg?.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const count = async (query: string) => Number(rowsOf<{ n: number }>(await database.db.execute(sql.raw(query)))[0]!.n);

  it('was migrated and seeded once by the three processes that started together', async () => {
    expect(await count(`select count(*) as n from "user" where mobile = '13800000001'`)).toBe(1);
    expect(await count(`select count(*) - count(distinct name) as n from seed_state`)).toBe(0);
    expect(await count(`select count(*) as n from worker_lease`)).toBe(3);
  });

  it('keeps a learner signed in through one process on the other, and through nginx', async () => {
    const login = await post(web[0]!.baseUrl, '/user/api/user/login/password', {
      mobile: '13800000001',
      password: DEMO_PASSWORD,
      clientType: 1,
    });
    expect(login?.code).toBe(200);
    const token = login!.data.token as string;
    for (const url of [web[1]!.baseUrl, nginx.baseUrl]) {
      const me = await post(url, '/user/auth/user/ext/view', {}, token);
      expect(me?.code).toBe(200);
      expect(me?.data.id).toBe(login!.data.userInfo.id);
    }
    // a page rendered for the session by whichever process nginx picks
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${nginx.baseUrl}/account/info`, { headers: { cookie: `RC_WEB_TOKEN=${token}` } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('学员小青');
    }
  });

  it('assembles an upload whose chunks alternate between the web processes, transcoded by the worker', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-cluster-clip-'));
    dirs.push(dir);
    const clip = path.join(dir, 'clip.mp4');
    // lossless, so that 4 s of 720p make a file of several chunks
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-t', '4'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-qp',
        '0',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        clip,
      ],
    ]);
    const f = uploadFile(fs.readFileSync(clip), '集群上传.mp4');
    expect(f.totalChunks).toBeGreaterThanOrEqual(2);
    const login = await post(web[0]!.baseUrl, '/user/api/user/login/password', {
      mobile: '13800000002',
      password: DEMO_PASSWORD,
      clientType: 1,
    });
    const token = login!.data.token as string;
    let last: { code: number; data: { video?: { id: string } } } | undefined;
    for (let n = 1; n <= f.totalChunks; n++) {
      const { contentType, payload } = chunkBody(f, n);
      const res = await fetch(`${web[(n - 1) % 2]!.baseUrl}/apis/vod/auth/videoInfo/upload`, {
        method: 'POST',
        headers: { token, 'content-type': contentType },
        body: new Uint8Array(payload),
      });
      last = (await res.json()) as typeof last;
      expect(last?.code).toBe(200);
    }
    const videoId = last!.data.video!.id;
    // the job is marked done after its handler has set the video ready, so both are awaited
    let status = 0;
    let done = 0;
    for (const until = Date.now() + 150_000; Date.now() < until; await sleep(500)) {
      status = await count(`select status as n from vod_video where id = ${BigInt(videoId)}`);
      done = await count(`select count(*) as n from job where dedupe_key like '%:${videoId}' and state = 'done'`);
      if (status >= 3 && done >= 1) break;
    }
    expect(status, 'the worker transcoded the upload (3 ready)').toBe(3);
    expect(done, 'the transcode job was marked done once').toBe(1);
  }, 200_000);

  it('loses nothing it acknowledged while a web process is SIGKILLed and started again under load', async () => {
    const load = await prepareLoad(database.db, await freePeriods(nginx.baseUrl));
    const stop = { now: false };
    let flowing!: () => void;
    const started = new Promise<void>((resolve) => (flowing = resolve));
    const running = loadUntil(nginx.baseUrl, load, stop, flowing, { carryOn: true });
    await Promise.race([started, sleep(20_000)]);
    await sleep(1500);
    await web[0]!.kill();
    await sleep(1500);
    web[0] = await start('web', ports[0]);
    await sleep(1500);
    stop.now = true;
    const done = await running;
    const found = await checkStored(database.db, load);
    console.log(
      `cluster: ${done.reports} progress reports and ${done.saves} answer saves acknowledged through nginx, ` +
        `${done.unanswered} calls unanswered (in flight on the killed process); ` +
        `${found.lostReports.length} lessons and ${found.lostSaves.length} answers behind what was acknowledged`,
    );
    expect(done.reports).toBeGreaterThan(0);
    expect(done.saves).toBeGreaterThan(0);
    expect(found.foundReports).toBe(done.reports);
    expect(found.lostReports).toEqual([]);
    expect(found.lostSaves).toEqual([]);
  }, 120_000);

  /**
   * Resolves once nginx has logged nothing about a web process for longer than its fail_timeout (3 s,
   * deploy/nginx/qingke.conf): a refusal or a busy answer from it marks it failed for that long, during which a
   * restart of the other process would leave nginx with none. A process warming up on a loaded machine may be
   * marked failed again after it is ready, so the quiet is counted from its last mention, for at most 30 s.
   */
  const trustedAgain = async (port: number) => {
    const mentions = () => nginx.errors().split(`127.0.0.1:${port}`).length;
    let seen = mentions();
    let quietSince = Date.now();
    for (const until = Date.now() + 30_000; Date.now() < until && Date.now() - quietSince < 4000; await sleep(250)) {
      const now = mentions();
      if (now !== seen) [seen, quietSince] = [now, Date.now()];
    }
  };

  it('fails no request while both web processes are restarted one after the other under load', async () => {
    const course = (await post(nginx.baseUrl, '/course/api/course/list', { pageCurrent: 1, pageSize: 5 }))!.data.list[0]
      .id as string;
    const apiCall = (pathname: string, body: unknown) => () =>
      fetch(`${nginx.baseUrl}/apis${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const calls = [
      apiCall('/course/api/course/list', { pageCurrent: 1, pageSize: 20 }),
      apiCall('/course/api/course/view', { courseId: course }),
      () => fetch(`${nginx.baseUrl}/view/${course}`),
    ];
    const stop = { now: false };
    const tally = { ok: 0, failed: 0 };
    const failures: string[] = [];
    const client = async (i: number) => {
      for (let k = i; !stop.now; k++) {
        const call = k % calls.length;
        const res = await calls[call]!().catch((err: Error) => err);
        if (res instanceof Response && res.status === 200) tally.ok++;
        else {
          tally.failed++;
          failures.push(
            `${new Date().toISOString()} call ${call}: ${res instanceof Response ? res.status : res.message}`,
          );
        }
        if (res instanceof Response) await res.arrayBuffer().catch(() => undefined);
      }
    };
    const step = (what: string) => console.log(`cluster: ${new Date().toISOString()} ${what}`);
    const clients = Promise.all(Array.from({ length: 12 }, (_, i) => client(i)));
    await sleep(1000);
    // as `systemctl restart` would, one process after the other: nothing is said to nginx
    for (const i of [0, 1]) {
      step(`web ${i} stopping`);
      await web[i]!.stop();
      web[i] = await start('web', ports[i]);
      step(`web ${i} started again`);
      await trustedAgain(ports[i]!);
      step(`web ${i} trusted by nginx again`);
    }
    stop.now = true;
    await clients;
    console.log(`cluster: rolling restart under load, ${tally.ok} requests answered, ${tally.failed} failed`);
    if (failures.length)
      console.log(`cluster: nginx's error log:\n${nginx.errors().split('\n').slice(-30).join('\n')}`);
    expect(tally.ok).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 180_000);
});
