import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../bench/lib/server.ts';
import { sleep } from './child-server.ts';

export const NGINX = '/usr/sbin/nginx';
const SITE = path.resolve(import.meta.dirname, '../../../../deploy/nginx/qingke.conf');
export const nginxInstalled = () => fs.existsSync(NGINX);

/** Debian's nginx in front of web processes, on a free port, with its configuration and logs in a temporary folder. */
export interface TestNginx {
  baseUrl: string;
  /** Takes a web process out of the rotation (or puts it back) and reloads nginx; resolves once the reload is done. */
  setDown(port: number, down: boolean): Promise<void>;
  /** The error log: which upstream refused, which request was passed on. */
  errors(): string;
  stop(): Promise<void>;
}

/** The deployed site file with this test's listening port and web processes in place of the example's. */
function site(port: number, webPorts: number[], down: Set<number>): string {
  const text = fs.readFileSync(SITE, 'utf8');
  const server = /^( *)server 127\.0\.0\.1:\d+ (.*);\n/gm;
  const [, indent, options] = new RegExp(server.source, 'm').exec(text)!;
  const ours = webPorts.map((p) => `${indent}server 127.0.0.1:${p} ${options}${down.has(p) ? ' down' : ''};\n`);
  let first = true;
  return text
    .replace(server, () => (first ? ((first = false), ours.join('')) : ''))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
}

export async function startNginx(webPorts: number[]): Promise<TestNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-nginx-'));
  const port = await freePort();
  const down = new Set<number>();
  const conf = path.join(dir, 'nginx.conf');
  const write = () =>
    fs.writeFileSync(
      conf,
      [
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        // the master runs as the test's user; its workers too, so they can write the temporary folders
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        'events { worker_connections 1024; }',
        'http {',
        `  access_log off;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${dir}/${k};`),
        site(port, webPorts, down),
        '}',
        '',
      ].join('\n'),
    );
  write();
  const args = ['-p', dir, '-c', conf];
  const proc = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 200) throw new Error(`nginx did not answer: ${stderr}`);
    await sleep(50);
  }
  const workers = () =>
    spawnSync('pgrep', ['-P', String(proc.pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
  return {
    baseUrl,
    async setDown(p, isDown) {
      if (isDown) down.add(p);
      else down.delete(p);
      write();
      const before = new Set(workers());
      const r = spawnSync(NGINX, [...args, '-s', 'reload'], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`nginx reload failed: ${r.stderr}`);
      // done when the old workers have finished their requests and exited, and a new one serves
      for (let i = 0; i < 400; i++) {
        const now = workers();
        if (now.length > 0 && now.every((w) => !before.has(w))) return;
        await sleep(25);
      }
      throw new Error('nginx reload did not finish');
    },
    errors: () => (fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''),
    async stop() {
      proc.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
