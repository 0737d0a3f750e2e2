/**
 * `node bench/profile-summary.ts <file.cpuprofile> [rows] [--from <s> --to <s>] [--timeline]`: a V8 CPU profile
 * (from `node --cpu-prof`, e.g. the pages bench with BENCH_CPU_PROF) as two Markdown tables — self time by module
 * (package or app folder) and the functions with the most self time — plus total (inclusive) time of the render's
 * stages, found by name. A bench profile covers the server's whole life (start, data loading, every scenario):
 * `--timeline` prints its busy milliseconds second by second, where each load shows as a run of busy seconds, and
 * `--from`/`--to` (seconds from the profile's start) keep only the samples of one such run.
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : Number(args.splice(at, 2)[1]);
};
const from = flag('--from');
const to = flag('--to');
const timeline = args.includes('--timeline');
const [file, rowsArg] = args.filter((a) => a !== '--timeline');
if (!file)
  throw new Error('usage: node bench/profile-summary.ts <file.cpuprofile> [rows] [--from <s> --to <s>] [--timeline]');
const rows = Number(rowsArg ?? 25);
const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

// each sample's time from the profile's start, in seconds
const at: number[] = [];
let clock = 0;
for (const d of p.timeDeltas) at.push((clock += d) / 1e6);
if (timeline) {
  const idleIds = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const perSecond = new Map<number, number>();
  p.samples.forEach((id, i) => {
    if (idleIds.has(id)) return;
    const s = Math.floor(at[i]!);
    perSecond.set(s, (perSecond.get(s) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  console.log('| second | busy ms |\n| ---: | ---: |');
  for (const [s, ms] of [...perSecond].sort((a, b) => a[0] - b[0])) console.log(`| ${s} | ${ms.toFixed(0)} |`);
  process.exit(0);
}
if (from !== undefined || to !== undefined) {
  const keep = p.samples.map((_, i) => at[i]! >= (from ?? 0) && at[i]! < (to ?? Infinity));
  p.timeDeltas = p.timeDeltas.filter((_, i) => keep[i]);
  p.samples = p.samples.filter((_, i) => keep[i]);
}

/**
 * The page build bundles its packages into one file, marking where each module begins (`// <path>`): a frame there
 * is charged to the package (or our app folder) the bundled module came from.
 */
const bundles = new Map<string, Array<[number, string]>>();
function bundledModuleOf(url: string, line: number): string | undefined {
  if (!url.endsWith('/build/server/index.js')) return undefined;
  if (!bundles.has(url)) {
    const marks: Array<[number, string]> = [];
    try {
      fs.readFileSync(new URL(url), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(text);
          if (m) marks.push([i, m[1]!]);
        });
    } catch {
      // the build changed or moved since the profile: charge the bundle as a whole
    }
    bundles.set(url, marks);
  }
  const marks = bundles.get(url)!;
  let lo = 0;
  let hi = marks.length - 1;
  let found: string | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid]![0] <= line) {
      found = marks[mid]![1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (!found) return undefined;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(found);
  if (nm) return `page build: ${nm[1]}`;
  return `page build: ${found
    .replace(/^apps\/web\/app\//, '')
    .split('/')
    .slice(0, 2)
    .join('/')}`;
}

/** The module a frame belongs to: a package under node_modules, a folder of our code, or V8/Node itself. */
function moduleOf(url: string, fn: string, line = 0): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const bundled = bundledModuleOf(url, line);
  if (bundled) return bundled;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const app = /(apps\/[^/]+\/(?:build\/server|src\/[^/]+(?:\/[^/]+)?)|packages\/[^/]+|bench)/.exec(url);
  return app
    ? app[1]!
    : url
        .replace(/^file:\/\//, '')
        .split('/')
        .slice(-2)
        .join('/');
}

const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
p.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs]
  .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
  .reduce((a, [, t]) => a + t, 0);
const busy = total - idle;

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const SPECIAL = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);
/** Node's own code and native frames are charged to the nearest caller of ours or of a package. */
function ownerOf(id: number): string {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur)!.callFrame;
    if (SPECIAL.has(f.functionName)) return f.functionName;
    const mod = moduleOf(f.url, f.functionName, f.lineNumber);
    if (!mod.startsWith('node:') && !mod.startsWith('(') && !mod.startsWith('wasm')) return mod;
  }
  return '(native, no caller)';
}
const byOwner = new Map<string, number>();
for (const [id, t] of selfUs) if (byId.get(id)!.callFrame.functionName !== '(idle)') add(byOwner, ownerOf(id), t);
const bySelfModule = new Map<string, number>();
const bySelfFn = new Map<string, number>();
for (const [id, t] of selfUs) {
  const f = byId.get(id)!.callFrame;
  if (f.functionName === '(idle)') continue;
  const mod = moduleOf(f.url, f.functionName, f.lineNumber);
  add(bySelfModule, mod, t);
  add(bySelfFn, `${f.functionName || '(anonymous)'} — ${mod}:${f.lineNumber + 1}`, t);
}

// inclusive time of named stages: a sample counts once for a stage however deep the recursion. A stack ends at an
// await, so a stage holds only what ran synchronously under it (a loader's awaited calls are not under it)
const STAGES: Array<[string, RegExp]> = [
  ['React Router request handler (its synchronous part)', /^requestHandler$/],
  ['route matching (matchRoutes)', /^matchRoutes(Impl)?$/],
  ['loaders (their synchronous part)', /^callLoaderOrAction$|^callRouteHandler$/],
  ['in-process API calls (app.inject)', /^inject$/],
  ['functions named parse (JSON.parse, zod)', /^parse$/],
  ['React rendering (renderToPipeableStream work)', /^performWork$|^renderNode$|^retryNode$/],
  ['serialising loader data (turbo-stream encode)', /^encode$|^stringify$/],
];
const stageUs = new Map<string, number>();
p.samples.forEach((id, i) => {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const fn = byId.get(cur)!.callFrame.functionName;
    for (const [name, re] of STAGES) if (!seen.has(name) && re.test(fn)) seen.add(name);
  }
  for (const s of seen) add(stageUs, s, p.timeDeltas[i] ?? 0);
});

const pct = (t: number) => `${((100 * t) / busy).toFixed(1)} %`;
const ms = (t: number) => (t / 1000).toFixed(0);
const table = (head: string[], body: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i ? '---:' : '---')).join(' | ')} |`,
    ...body.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, rows);

console.log(`Profile: ${ms(total)} ms sampled, ${ms(busy)} ms busy (not idle).\n`);
console.log(
  table(
    ['stage (inclusive)', 'ms', 'of busy'],
    [...stageUs].sort((a, b) => b[1] - a[1]).map(([k, t]) => [k, ms(t), pct(t)]),
  ),
);
console.log('');
console.log(
  table(
    ['module (self, Node internals charged to their caller)', 'ms', 'of busy'],
    top(byOwner).map(([k, t]) => [k, ms(t), pct(t)]),
  ),
);
console.log('');
console.log(
  table(
    ['module (self)', 'ms', 'of busy'],
    top(bySelfModule).map(([k, t]) => [k, ms(t), pct(t)]),
  ),
);
console.log('');
console.log(
  table(
    ['function (self)', 'ms', 'of busy'],
    top(bySelfFn).map(([k, t]) => [k.replaceAll('|', '\\|'), ms(t), pct(t)]),
  ),
);
