// Named checks of a script run by `npm test`: each prints one line as it is decided, and the run
// ends with "N passed, N failed" and the same counts in the file named by the report variable.
import { writeFileSync } from 'node:fs';

/** @param {string} reportVariable the environment variable naming the report file */
export function createChecks(reportVariable) {
  /** @type {{ name: string, ok: boolean }[]} */
  const results = [];
  return {
    /** @param {string} name @param {boolean} ok @param {string} [detail] */
    check(name, ok, detail = '') {
      results.push({ name, ok });
      console.log(`${ok ? '✓' : '✗'} ${name}${detail ? `: ${detail}` : ''}`);
    },
    /** Prints the totals, writes the report and exits with the outcome. */
    finish() {
      const failed = results.filter((result) => !result.ok).length;
      console.log(`\n${results.length - failed} passed, ${failed} failed`);
      const reportPath = process.env[reportVariable];
      if (reportPath) writeFileSync(reportPath, JSON.stringify({ passed: results.length - failed, failed }));
      process.exit(failed === 0 ? 0 : 1);
    },
  };
}
