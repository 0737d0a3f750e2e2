import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * The real server process on an embedded database in a scratch folder: a SIGTERM lets a request already in
 * flight finish with its answer, refuses new connections, and the process exits 0.
 */
let server: ChildProcess;
let port: number;
let dataDir: string;
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
    s.on('error', reject);
  });
}

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-main-'));
  // worker role: the API and jobs without the page build, which the unit run does not have
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      ROLE: 'worker',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '20000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  // migrations of an empty embedded database take a while on a busy machine
  for (let i = 0; i < 1500 && !output.includes('青课已启动'); i++) {
    if (server.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!output.includes('青课已启动')) throw new Error(`server did not start: ${output}`);
}, 180_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM drains the request in flight, refuses new connections and exits 0', async () => {
  const body = JSON.stringify({});
  const reply = new Promise<{ status: number; json: { code: number } }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/apis/system/api/website/info/view',
        headers: { 'content-type': 'application/json', 'content-length': body.length, 'SITE-ID': '10' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) as { code: number } }));
      },
    );
    req.on('error', reject);
    // the body arrives after the signal, so the request is still in flight when the server starts closing
    req.flushHeaders();
    setTimeout(() => server.kill('SIGTERM'), 300);
    setTimeout(() => req.end(body), 1500);
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

  await new Promise((r) => setTimeout(r, 800));
  const refused = await new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
  });
  expect(refused).toBe(true);

  const r = await reply;
  expect(r.status).toBe(200);
  expect(r.json.code).toBe(200);
  expect(await exited).toBe(0);
}, 30_000);
