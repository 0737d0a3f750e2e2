/**
 * `npm start`: builds the pages when the build is missing or older than the sources, then runs the server.
 * Node runs TypeScript directly, so only the web app needs a build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'apps/web/build/server/index.js');
const sources = [
  'apps/web/app',
  'packages/contract/src',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
];

function newest(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
if (built < Math.max(...sources.map(newest))) {
  console.log(built ? '页面源码有更新，正在重新构建…' : '首次启动，正在构建页面…');
  const r = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../apps/server/src/main.ts');
