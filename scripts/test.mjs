// The one test command: typecheck, lint, unused-code check, dependency audit, build, unit tests, byte budgets, browser journeys, the
// scale test and the load test; ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_NOT_RUN } from './audit.mjs';
import { ensureTools } from './ensure-browser.mjs';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const work = mkdtempSync(join(tmpdir(), 'parts-store-test-'));
let passed = 0;
let failed = 0;

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${label} failed`);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

check('astro check', 'npx', ['astro', 'check']);
check('tsc', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('eslint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('prettier', 'npx', ['prettier', '--check', '.']);
// Unused files, exports and dependencies (knip.jsonc names the entries).
check('knip', 'npx', ['knip', '--no-progress']);
// Fails on high or critical advisories of production dependencies. An advisory endpoint that
// does not answer is reported and counted neither way: an audit that did not run is no pass.
console.log('\n▶ npm audit');
const audit = spawnSync(process.execPath, ['scripts/audit.mjs'], { stdio: 'inherit' });
if (audit.status === 0) passed += 1;
else if (audit.status === AUDIT_NOT_RUN) console.log('npm audit not counted: it did not run');
else {
  failed += 1;
  console.log('✗ npm audit failed');
}

const built = run('astro build', 'npx', ['astro', 'build']);
if (built) passed += 1;
else failed += 1;
// Unit tests run after the build and the tool install so checks of the build and of the nginx
// configuration always run instead of being skipped.
if (built) ensureTools();
const vitestReport = join(work, 'vitest.json');
const vitestOk = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1);
} else failed += 1;

if (built) check('byte budgets', process.execPath, ['scripts/budgets.mjs']);

if (built) {
  const playwrightReport = join(work, 'playwright.json');
  const playwrightOk = run('playwright', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const report = readJson(playwrightReport);
  if (report?.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected + (playwrightOk || report.stats.unexpected > 0 ? 0 : 1);
  } else failed += 1;
}

/** Runs a script that writes `{passed, failed}` to the file named by `reportVariable`, and counts it. */
function checkScript(label, script, reportVariable) {
  const reportPath = join(work, `${reportVariable}.json`);
  const ok = run(label, process.execPath, [script], { [reportVariable]: reportPath });
  const report = readJson(reportPath);
  if (report) {
    passed += report.passed;
    failed += report.failed + (ok || report.failed > 0 ? 0 : 1);
  } else failed += 1;
}

if (built) {
  // The production topology: nginx with TLS, two production instances, journeys over https, one
  // instance drained under load with no failed request.
  checkScript('production topology (scale) test', 'scripts/scale-test.mjs', 'SCALE_REPORT');
  // One instance under 50 connections twice: no error answers, no memory growth between the runs.
  checkScript('load test', 'scripts/load-test.mjs', 'LOAD_REPORT');
}

rmSync(work, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
