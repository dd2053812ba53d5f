/**
 * Prints one closing line, "tests: N passed, N failed[, N skipped]", from the JSON reports that
 * scripts/test.sh asks Vitest and Playwright to write into test-results/. Browser tests that passed
 * only on a retry are listed above it by name: a flaky test is a bug to fix, never a silent pass.
 */
import { existsSync, readFileSync } from 'node:fs';

type PlaywrightSuite = {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
};
type Report = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  stats?: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites?: PlaywrightSuite[];
};

/** "file:line › title [project]" of every Playwright test whose outcome was "flaky". */
function flakyTests(suites: PlaywrightSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((test) => test.status === 'flaky').map((test) => `${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`),
    ),
    ...flakyTests(suite.suites),
  ]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky: string[] = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky.push(...flakyTests(report.suites));
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += report.numPendingTests ?? 0;
  }
}
if (flaky.length > 0) {
  console.log(`flaky (passed only on retry; fix them): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name}`);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
