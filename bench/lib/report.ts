import fs from 'node:fs';
import os from 'node:os';
import type { Measured } from './load.ts';
import type { PageWeight } from './page-weight.ts';

export interface Report {
  date: string;
  command: string;
  machine: string[];
  results: Measured[];
  baseline?: Measured;
  rss: { idle?: number; after?: number };
  pageWeight?: PageWeight;
  pageWeightSkipped?: string;
  notes: string[];
}

export const TARGETS = { pageWeightKb: 250, idleRssMb: 300 };

export function machineInfo(pgVersion: string): string[] {
  const cpu = /model name\s*:\s*(.+)/.exec(readOr('/proc/cpuinfo'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const memKb = Number(/MemTotal:\s+(\d+)/.exec(readOr('/proc/meminfo'))?.[1] ?? 0);
  return [
    `CPU: ${os.availableParallelism()} × ${cpu}`,
    `Memory: ${(memKb / 1024 / 1024).toFixed(1)} GB`,
    `Node ${process.version}, ${os.type()} ${os.release()}`,
    `PostgreSQL: ${pgVersion}`,
  ];
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const num = (n: number | undefined, digits = 0) =>
  n === undefined ? '–' : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function verdict(m: Measured): string {
  const t = m.scenario.target;
  if (!t) return '';
  const goal = [t.rps === undefined ? '' : `≥ ${num(t.rps)} req/s`, t.p99Ms === undefined ? '' : `p99 < ${t.p99Ms} ms`]
    .filter(Boolean)
    .join(', ');
  if (m.rps === undefined || m.p99 === undefined) return goal;
  const a = m.atRate;
  // with a run at the target's rate, the p99 bound is read there; the rate must then have been kept (5 % slack)
  const p99 = a ? a.p99 : m.p99;
  const rateKept = !a || (a.rps >= a.rate * 0.95 && a.problems === 0);
  const ok = m.rps >= (t.rps ?? 0) && (t.p99Ms === undefined || p99 < t.p99Ms) && rateKept && !problems(m);
  const at = a ? ` (at ${num(a.rate)} req/s: ${num(a.rps)} served, p50 ${num(a.p50)}, p99 ${num(a.p99)} ms)` : '';
  return `${goal}${at}: ${ok ? 'met' : 'MISSED'}`;
}

const problems = (m: Measured) => (m.errors ?? 0) + (m.non2xx ?? 0) + (m.badBody ?? 0);

/** Rows of [scenario, req/s, p50, p99, errors/non-2xx/bad body, vs baseline, target]. */
function rows(r: Report, cellMax = Infinity): string[][] {
  const cut = (t: string) => (t.length > cellMax ? `${t.slice(0, cellMax - 1)}…` : t);
  const base = r.baseline?.rps;
  const row = (m: Measured, isBase = false): string[] => {
    if (m.skipped) return [m.scenario.name, cut(`skipped: ${m.skipped}`), '', '', '', '', verdict(m)];
    if (m.failed) return [m.scenario.name, cut(`FAILED: ${m.failed}`), '', '', '', '', verdict(m)];
    const ratio = isBase ? '1.00' : base ? (m.rps! / base).toFixed(2) : '–';
    const errs = `${m.errors} / ${m.non2xx} / ${m.badBody}`;
    return [m.scenario.name, num(m.rps), num(m.p50), num(m.p99), errs, ratio, verdict(m)];
  };
  return [...r.results.map((m) => row(m)), ...(r.baseline ? [row(r.baseline, true)] : [])];
}

const HEAD = ['scenario', 'req/s (mean)', 'p50 ms', 'p99 ms', 'errors / non-2xx / bad body', 'vs baseline', 'target'];

function extras(r: Report): string[] {
  const kb = (b: number) => (b / 1024).toFixed(1);
  const rss = (mb: number | undefined) => (mb === undefined ? 'unknown' : `${mb.toFixed(0)} MB`);
  const idleOk = r.rss.idle !== undefined && r.rss.idle < TARGETS.idleRssMb;
  const lines = [
    `Server RSS: idle ${rss(r.rss.idle)} (target < ${TARGETS.idleRssMb} MB: ${idleOk ? 'met' : 'MISSED'}), after the runs ${rss(r.rss.after)}`,
  ];
  if (r.pageWeight) {
    const w = r.pageWeight;
    const ok = w.totalGzipped <= TARGETS.pageWeightKb * 1024;
    lines.push(
      `Home first load: ${kb(w.totalGzipped)} KB JS+CSS gzipped (JS ${kb(w.jsGzipped)} KB, CSS ${kb(w.cssGzipped)} KB, ` +
        `${w.files.length} files; target ≤ ${TARGETS.pageWeightKb} KB: ${ok ? 'met' : 'MISSED'})`,
    );
  } else {
    lines.push(
      `Home first load: skipped: ${r.pageWeightSkipped ?? 'not measured'} (target ≤ ${TARGETS.pageWeightKb} KB)`,
    );
  }
  return [...lines, ...r.notes];
}

export function printReport(r: Report): void {
  const body = rows(r, 48);
  const all = [HEAD, ...body];
  const width = HEAD.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((c, i) => (i === 0 || i >= 4 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  ');
  console.log(['', line(HEAD), width.map((w) => '-'.repeat(w)).join('  '), ...body.map(line), ''].join('\n'));
  for (const l of extras(r)) console.log(l);
}

export function markdown(r: Report): string {
  const md = (row: string[]) => `| ${row.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [
    `## ${r.date}`,
    '',
    `Command: \`${r.command}\``,
    '',
    ...r.machine.map((m) => `- ${m}`),
    '',
    md(HEAD),
    md(HEAD.map((_, i) => ((i >= 1 && i <= 3) || i === 5 ? '---:' : '---'))),
    ...rows(r).map(md),
    '',
    ...extras(r).map((l) => `- ${l}`),
    '',
  ].join('\n');
}

const INTRO = `# Benchmarks

Measured by \`npm run bench\` (bench/run.ts): the real server (\`node apps/server/src/main.ts\`, NODE_ENV=production,
demo data) on a fresh PostgreSQL database, loaded by autocannon over loopback on the same machine, after a 3 s
warm-up per scenario. The baseline is a bare Fastify route doing the site-info call's one SQL query
(bench/baseline-server.ts). \`npm run bench -- --write\` records a dated section here; a rerun on the same day
replaces that day's section.

Targets (foundation issue): website/info/view ≥ 5,000 req/s with p99 < 20 ms; home page ≥ 200 req/s with
p99 < 150 ms; home first load ≤ 250 KB JS+CSS gzipped; idle RSS < 300 MB.
`;

/** Records the report as a dated section of the doc, above the earlier ones, replacing a section of the same date. */
export function writeMarkdown(file: string, r: Report): void {
  const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : INTRO;
  const begin = `<!-- bench ${r.date} -->`;
  const end = `<!-- /bench ${r.date} -->`;
  const section = `${begin}\n${markdown(r)}${end}\n`;
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  // newest first: a new date goes above the earlier sections
  const first = doc.indexOf('<!-- bench ');
  const next =
    from >= 0 && to > from
      ? doc.slice(0, from) + section + doc.slice(to + end.length + 1)
      : first >= 0
        ? `${doc.slice(0, first)}${section}\n${doc.slice(first)}`
        : `${doc.trimEnd()}\n\n${section}`;
  fs.writeFileSync(file, next);
}
