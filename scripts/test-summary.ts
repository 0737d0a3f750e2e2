/**
 * Sums the JSON reports of the test runs in test-results/ into one closing line, 'N passed, N failed', and
 * names the failed tests just above it, so the end of a long log says what broke.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults: Array<{
    name: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
  }>;
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; line: number; ok: boolean }>;
}

const firstLine = (text = '') =>
  text
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 200) ?? '';

function vitestFailures(report: VitestReport): string[] {
  const out: string[] = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`${rel} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
    // a file that fails before its tests run (import or hook error) has no failed assertion to name
    if (!failed.length && file.message) out.push(`${rel} — ${firstLine(file.message)}`);
  }
  return out;
}

function playwrightFailures(suites: PlaywrightSuite[] = [], file = ''): string[] {
  return suites.flatMap((s) => [
    ...(s.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${s.file ?? file}:${spec.line} › ${spec.title}`),
    ...playwrightFailures(s.suites, s.file ?? file),
  ]);
}

export function summarise(dir = 'test-results'): Totals {
  const total: Totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (!fs.existsSync(dir)) return total;
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    if (typeof report.numPassedTests === 'number') {
      total.passed += report.numPassedTests;
      total.failed += report.numFailedTests;
      total.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      total.failures.push(...vitestFailures(report));
    } else if (report.stats) {
      total.passed += report.stats.expected + report.stats.flaky;
      total.failed += report.stats.unexpected;
      total.skipped += report.stats.skipped;
      total.failures.push(...playwrightFailures(report.suites));
    }
  }
  return total;
}

export function printFailures(t: Totals): void {
  if (!t.failures.length) return;
  console.log('失败的测试：');
  for (const f of t.failures) console.log(`  ✗ ${f}`);
}

if (import.meta.main) {
  const t = summarise();
  printFailures(t);
  console.log(`${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`);
}
