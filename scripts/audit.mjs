// npm audit of the production dependencies, as a step of `npm test`.
//
// It fails only when the audit ran and found high or critical advisories. When the advisory
// endpoint cannot be reached (offline, or a registry mirror that serves packages but not
// audits) it says so plainly and exits with AUDIT_NOT_RUN, which `npm test` counts neither as a
// pass nor as a failure: a missing answer is not a finding, and `npm ci` from the same registry
// still works. Run it where the endpoint answers to be sure.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** Exit status when the advisory endpoint gave no report. */
export const AUDIT_NOT_RUN = 3;

/** Reads `npm audit --json` output: what ran, and how many high or critical advisories it found. */
export function auditVerdict(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { ran: false, reason: 'npm audit printed no report' };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts || typeof counts !== 'object') {
    const reason = report?.message ?? report?.error?.summary ?? 'no advisory data in the answer';
    return { ran: false, reason: String(reason) };
  }
  const high = Number(counts.high ?? 0) + Number(counts.critical ?? 0);
  return { ran: true, high, counts };
}

function main() {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  const verdict = auditVerdict(result.stdout ?? '');
  if (!verdict.ran) {
    console.log(`npm audit did not run: ${verdict.reason} (see scripts/audit.mjs).`);
    return AUDIT_NOT_RUN;
  }
  console.log(`npm audit of production dependencies: ${JSON.stringify(verdict.counts)}`);
  if (verdict.high > 0) {
    spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { stdio: 'inherit' });
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());
