/**
 * `npm start`: installs ffmpeg when it is missing and can be (as `npm test` installs its packages), builds the
 * pages when the build is missing or older than the sources, then runs the server. Node runs TypeScript directly,
 * so only the web app needs a build; its output is kept unless it fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureSystemPackages } from './system-packages.ts';

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

// video transcoding and the demo's videos need ffmpeg; the site runs without it (a chosen FFMPEG_PATH is left alone)
if (
  !process.env.FFMPEG_PATH &&
  !ensureSystemPackages(['ffmpeg'], { optional: true, why: '（视频转码与演示课程的视频需要它）' })
) {
  console.warn('先不装也能启动：装好后再次运行 npm start，演示课时会自动生成视频，数据不会清空。');
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
if (built < Math.max(...sources.map(newest))) {
  console.log(built ? '页面源码有更新，正在重新构建（约需一分钟）…' : '首次启动，正在构建页面（约需一分钟）…');
  const began = Date.now();
  const r = spawnSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    console.error('页面构建失败，以上是构建的输出。');
    process.exit(r.status ?? 1);
  }
  console.log(`页面构建完成，用时 ${Math.round((Date.now() - began) / 1000)} 秒。`);
}
await import('../apps/server/src/main.ts');
