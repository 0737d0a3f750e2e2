import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../../bench/lib/server.ts';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/** The real server in a child process, for tests that kill it mid-load and count what survived. */
export interface ChildServer {
  baseUrl: string;
  /** Its standard output, line by line (when started with `lines: true`). */
  lines: string[];
  /** Resolves with the next line of its standard output that matches (when started with `lines: true`). */
  waitForLine(match: (line: string) => boolean): Promise<string>;
  /** SIGKILL: no drain, no last write. */
  kill(): Promise<void>;
  /** SIGTERM, its graceful stop (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `main.ts` on a free port (or `opts.port`, to start one again where a proxy expects it) with the demo data and waits for /readyz. Nothing of the test runner's own
 * database or Redis settings reaches it: the server uses only `env`.
 */
export async function startChildServer(
  env: Record<string, string>,
  opts: { lines?: boolean; port?: number } = {},
): Promise<ChildServer> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _d, REDIS_URL: _r, TEST_DATABASE_URL: _t, ...inherited } = process.env;
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      ROLE: 'worker',
      DEMO_DATA: '1',
      VOD_DEMO_VIDEOS: '0',
      LOG_LEVEL: opts.lines ? 'info' : 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', opts.lines ? 'pipe' : 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { match: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  let rest = '';
  proc.stdout?.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const w of waiters.filter((x) => x.match(line))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  // 'close', not 'exit': the log lines written before the kill are all read by then
  const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${stderr}\n${lines.slice(-20).join('\n')}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not start:\n${stderr}`);
    }
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  return {
    baseUrl,
    lines,
    waitForLine: (match) => new Promise((resolve) => waiters.push({ match, resolve })),
    async kill() {
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone) return;
      proc.kill('SIGTERM');
      const force = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}
