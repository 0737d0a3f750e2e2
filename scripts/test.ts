/**
 * `npm test`: every test — unit and integration (vitest), then the browser journeys (Playwright on Debian's
 * Chromium). System packages the tests need (the browser, a CJK font, ffmpeg for transcoding) are installed
 * with apt-get when missing and possible.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureSystemPackages } from './system-packages.ts';
import { printFailures, summarise } from './test-summary.ts';

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

ensureSystemPackages(['chromium', 'fonts-wqy-microhei', 'ffmpeg']);
fs.rmSync('test-results', { recursive: true, force: true });
fs.mkdirSync('test-results', { recursive: true });

const results: Array<[string, number]> = [];
results.push([
  'unit + integration',
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']),
]);
results.push(['build', run('npx', ['react-router', 'build'])]);
if (results.at(-1)![1] === 0) {
  results.push([
    'browser',
    run('npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
    }),
  ]);
}

console.log('\n测试汇总：');
for (const [name, code] of results) console.log(`  ${code === 0 ? '通过' : '失败'}  ${name}`);
const failed = results.filter(([, code]) => code !== 0).length;
if (failed) console.log('失败时的截图与记录在 test-results/ 下。');
const t = summarise();
printFailures(t);
console.log(
  `${t.passed} passed, ${t.failed + (failed && !t.failed ? 1 : 0)} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`,
);
process.exit(failed ? 1 : 0);
