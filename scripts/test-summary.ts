/**
 * Sums the JSON reports of the test runs in test-results/ into one closing line, 'N passed, N failed'.
 */
import fs from 'node:fs';
import path from 'node:path';

export function summarise(dir = 'test-results'): { passed: number; failed: number; skipped: number } {
  const total = { passed: 0, failed: 0, skipped: 0 };
  if (!fs.existsSync(dir)) return total;
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    if (typeof report.numPassedTests === 'number') {
      total.passed += report.numPassedTests;
      total.failed += report.numFailedTests;
      total.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    } else if (report.stats) {
      total.passed += report.stats.expected + report.stats.flaky;
      total.failed += report.stats.unexpected;
      total.skipped += report.stats.skipped;
    }
  }
  return total;
}

if (import.meta.main) {
  const t = summarise();
  console.log(`${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`);
}
