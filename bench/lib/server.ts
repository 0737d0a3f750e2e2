import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/**
 * The heap settings every start command gives the server (decisions 13, 27, 60 and 81): the benches and the browser
 * journeys' servers (playwright.config.ts) take them from here; package.json and deploy/systemd say the same.
 */
export const SERVER_HEAP_FLAGS = [
  '--max-semi-space-size=16',
  '--initial-old-space-size=96',
  '--heap-growing-percent=30',
  '--no-allocation-site-pretenuring',
];

/** The C library's allocator settings every start command gives the server (decision 79), shared the same way. */
export const SERVER_MALLOC_ENV = {
  GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072',
};

export interface Child {
  pid: number;
  baseUrl: string;
  /** The last lines the process wrote to stderr/stdout (for error reports). */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `node <args>` with env + PORT, and waits until GET readyPath answers 200 (or the process dies). */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 60_000,
): Promise<Child> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  // BENCH_SERVER_LOG=<file>: everything the children write, for a trial's own output (`--trace-gc`, say)
  const logTo = process.env.BENCH_SERVER_LOG;
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
    if (logTo) fs.appendFileSync(logTo, chunk);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    proc.on('exit', (code, signal) => ((exitCode = code ?? (signal ? 128 : 1)), resolve())),
  );

  const child: Child = { pid: proc.pid!, baseUrl, output: () => tail.trim(), stop: () => stopProcess(proc, exited) };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== null) throw new StartError(`${args.join(' ')} exited with code ${exitCode}`, tail.trim());
    try {
      const res = await fetch(baseUrl + readyPath);
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await child.stop();
  throw new StartError(`${args.join(' ')} not ready after ${timeoutMs} ms`, tail.trim());
}

export class StartError extends Error {
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.output = output;
  }
}

async function stopProcess(proc: ChildProcess, exited: Promise<void>): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Resident set size of a process in MB, from /proc/<pid>/status (VmRSS). */
export function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
