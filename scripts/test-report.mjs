// What `npm test` prints at its end: each step's time and counts, and the ten slowest test files.
import { relative } from 'node:path';

/**
 * Time spent per test file in a Vitest or Playwright JSON report (other reports name no files).
 * Playwright's figure is the sum of its tests' durations: with two workers, files overlap in time.
 * @returns {{ file: string; ms: number }[]}
 */
export function slowestFiles(report) {
  if (Array.isArray(report?.testResults))
    return report.testResults.map((result) => ({
      file: relative(process.cwd(), result.name),
      ms: Math.max(0, result.endTime - result.startTime),
    }));
  if (!Array.isArray(report?.suites)) return [];
  const byFile = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) byFile.set(file, (byFile.get(file) ?? 0) + (result.duration ?? 0));
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites) walk(suite, `e2e/${suite.file}`);
  return [...byFile].map(([file, ms]) => ({ file, ms }));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** @param {{ label: string; ms: number; passed: number; failed: number; note?: string }[]} steps */
export function formatSteps(steps, files, wallMs, top = 10) {
  const width = Math.max(...steps.map((step) => step.label.length), 4);
  const lines = ['step'.padEnd(width) + '      time  passed  failed'];
  for (const step of [...steps, { label: 'all (wall clock)', ms: wallMs, passed: NaN, failed: NaN }]) {
    const counts = Number.isNaN(step.passed)
      ? ''
      : `${String(step.passed).padStart(8)}${String(step.failed).padStart(8)}`;
    lines.push(
      `${step.label.padEnd(width)}${seconds(step.ms).padStart(10)}${counts}${step.note ? `  (${step.note})` : ''}`,
    );
  }
  const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, top);
  if (slowest.length > 0) {
    lines.push('', `the ${slowest.length} slowest test files`);
    for (const file of slowest) lines.push(`${seconds(file.ms).padStart(10)}  ${file.file}`);
  }
  return lines.join('\n');
}
