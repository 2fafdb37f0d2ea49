// The one test command: static checks side by side, dependency audit, build, Vitest, byte budgets, browser journeys,
// the production topology test and the load test. Prints each step's time and the ten slowest test
// files, and ends with "N passed, N failed".
// `--quick` (npm run test:quick, the loop while working): the static checks, the unit
// and component tests, the build and one smoke journey.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_NOT_RUN } from './audit.mjs';
import { ensureTools } from './ensure-browser.mjs';
import { formatSteps, slowestFiles } from './test-report.mjs';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const work = mkdtempSync(join(tmpdir(), 'parts-store-test-'));
/** @type {{ label: string; ms: number; passed: number; failed: number; note?: string }[]} */
const steps = [];
/** @type {{ file: string; ms: number }[]} */
const files = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: result.status === 0, status: result.status, ms: performance.now() - started };
}

function record(label, ms, passed, failed, note) {
  steps.push({ label, ms, passed, failed, note });
  if (failed > 0) console.log(`✗ ${label} failed`);
}

/** A command that passes or fails as one check. */
function check(label, command, args, env) {
  const result = run(label, command, args, env);
  record(label, result.ms, result.ok ? 1 : 0, result.ok ? 0 : 1);
  return result.ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** A runner that writes a JSON report: its own counts, plus one failure when it failed without saying so. */
function checkReported(label, command, args, reportPath, env, count) {
  const result = run(label, command, args, env);
  const report = readJson(reportPath);
  const counts = report ? count(report) : null;
  if (!counts) return record(label, result.ms, 0, 1, 'no report');
  const silentFailure = !result.ok && counts.failed === 0 ? 1 : 0;
  record(label, result.ms, counts.passed, counts.failed + silentFailure);
  files.push(...slowestFiles(report));
}

const quick = process.argv.includes('--quick');

// Types once: `astro check` type-checks .astro, .ts and .tsx alike. Astro's types are synced first,
// as ESLint's type-aware rules read them.
const STATIC_CHECKS = [
  ['types (astro check)', 'npx', ['astro', 'check']],
  ['eslint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['prettier', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
];

/** Runs commands side by side, each one's output printed whole once it ends. */
async function checkTogether(commands) {
  spawnSync('npx', ['astro', 'sync'], { stdio: 'ignore' });
  const results = await Promise.all(
    commands.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const started = performance.now();
          const child = spawn(command, args, { env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => resolve({ label, status, output, ms: performance.now() - started }));
        }),
    ),
  );
  for (const { label, status, output, ms } of results) {
    console.log(`\n▶ ${label}\n${output.trimEnd()}`);
    record(label, ms, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
  }
}

if (quick) {
  await checkTogether(STATIC_CHECKS);
  const report = join(work, 'vitest.json');
  checkReported(
    'vitest (unit, components)',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'unit',
      '--project',
      'components',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    report,
    {},
    (json) => ({ passed: json.numPassedTests, failed: json.numFailedTests }),
  );
  if (check('astro build', 'npx', ['astro', 'build'])) {
    await ensureTools();
    const journeys = join(work, 'playwright.json');
    checkReported(
      'smoke journey',
      'npx',
      ['playwright', 'test', 'e2e/guest-checkout.spec.ts'],
      journeys,
      { PLAYWRIGHT_JSON_OUTPUT_NAME: journeys },
      (json) => (json.stats ? { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected } : null),
    );
  }
  finish();
}

// A new machine's browser and nginx download while the static checks run.
const tools = ensureTools();
// Unused files, exports and dependencies (knip.jsonc names the entries), beside the other static checks:
// each is mostly one thread, so side by side they take the time of the slowest.
await checkTogether([...STATIC_CHECKS, ['knip', 'npx', ['knip', '--no-progress']]]);
// Fails on high or critical advisories of production dependencies. An advisory endpoint that
// does not answer is reported and counted neither way: an audit that did not run is no pass.
{
  const audit = run('npm audit', process.execPath, ['scripts/audit.mjs']);
  if (audit.status === AUDIT_NOT_RUN) record('npm audit', audit.ms, 0, 0, 'did not run');
  else record('npm audit', audit.ms, audit.ok ? 1 : 0, audit.ok ? 0 : 1);
}

const built = check('astro build', 'npx', ['astro', 'build']);
// Unit tests run after the build and the tool install so checks of the build and of the nginx
// configuration always run instead of being skipped.
await tools;
{
  const report = join(work, 'vitest.json');
  checkReported(
    'vitest',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
    {},
    (json) => ({ passed: json.numPassedTests, failed: json.numFailedTests }),
  );
}

{
  // Rules broken by hand, each caught by its named test (scripts/mutations.mjs).
  const report = join(work, 'mutations.json');
  checkReported(
    'mutations',
    process.execPath,
    ['scripts/mutations.mjs'],
    report,
    { MUTATIONS_REPORT: report },
    (json) => json,
  );
}

if (built) {
  check('byte budgets', process.execPath, ['scripts/budgets.mjs']);
  const report = join(work, 'playwright.json');
  checkReported('playwright', 'npx', ['playwright', 'test'], report, { PLAYWRIGHT_JSON_OUTPUT_NAME: report }, (json) =>
    json.stats ? { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected } : null,
  );
  // Scripts that write `{passed, failed}` to the file named by their report variable.
  const script = (label, path, variable) => {
    const reportPath = join(work, `${variable}.json`);
    checkReported(label, process.execPath, [path], reportPath, { [variable]: reportPath }, (json) => json);
  };
  // nginx with TLS, two production instances, journeys over https, one instance drained under load.
  script('production topology (scale) test', 'scripts/scale-test.mjs', 'SCALE_REPORT');
  // One instance under 50 connections twice: no error answers, no memory growth between the runs.
  script('load test', 'scripts/load-test.mjs', 'LOAD_REPORT');
}

finish();

function finish() {
  rmSync(work, { recursive: true, force: true });
  console.log(`\n${formatSteps(steps, files, performance.now())}`);
  const passed = steps.reduce((sum, step) => sum + step.passed, 0);
  const failed = steps.reduce((sum, step) => sum + step.failed, 0);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
