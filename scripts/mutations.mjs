// npm run test:mutations (a step of npm test): rules broken by hand, one at a time, each of which a
// named test must catch. The tests pass on the code as it is, then fail on each broken copy; the
// source is put back after each, whatever happens. docs/TESTING.md lists the same table.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createChecks } from './perf/checks.mjs';

const MUTATIONS = [
  {
    name: 'the subtotal rounds down instead of up to whole cents',
    file: 'src/lib/money.ts',
    from: '(digits.reduce((sum, line) => sum + line, 0n) + cent - 1n) / cent',
    to: 'digits.reduce((sum, line) => sum + line, 0n) / cent',
    tests: ['tests/lib/money.test.ts'],
  },
  {
    name: 'a store amount with fractions of a cent is cut instead of rounded half away from zero',
    file: 'src/lib/money.ts',
    from: '* 2n + cent) / (2n * cent)',
    to: '* 2n) / (2n * cent)',
    tests: ['tests/lib/money.test.ts'],
  },
  {
    name: 'the lines shown do not add up to the subtotal under them',
    file: 'src/lib/money.ts',
    from: 'if (missing-- > 0) line.shown++;',
    to: 'if (missing-- > 0) line.shown += 0n;',
    tests: ['tests/lib/money.property.test.ts'],
  },
  {
    name: 'a row shows a unit price that does not multiply out to its line total',
    file: 'src/lib/line-price.ts',
    from: 'unit: quantity * unit === total ? unit : null',
    to: 'unit',
    tests: ['tests/lib/line-price.test.ts'],
  },
  {
    name: 'the guard lets an anonymous shopper into review order',
    file: 'src/features/session/guard.ts',
    from: "['/review-order/', ['customer', 'acai', 'guest'], '/signin/', '/']",
    to: "['/review-order/', 'public', '/signin/', '/']",
    tests: ['tests/features/session/guard.test.ts'],
  },
  {
    name: 'the analytics sink records a retried page view twice',
    file: 'store-api/rules/analytics.ts',
    from: "if (typeof own === 'string') return REQUEST_ID_PATTERN.test(own) ? own : null;",
    to: "if (typeof own === 'string') return null;",
    tests: ['tests/store-api/rules/analytics.test.ts'],
  },
  {
    name: "a customer's basket lets anyone holding its number use it for personal calls",
    file: 'store-api/rules/ownership.ts',
    from: "return use === 'items' || isOwnerUser;",
    to: 'return true;',
    tests: ['tests/store-api/rules/ownership.test.ts'],
  },
  {
    name: 'a refused refresh clears no token cookie',
    file: 'src/lib/session/renewal.ts',
    from: "if (session.state === 'ended') return clearedAuthCookies(secure);",
    to: "if (session.state === 'ended') return [];",
    tests: ['tests/lib/session/renewal.test.ts'],
  },
];

const vitest = (tests) =>
  spawnSync('npx', ['vitest', 'run', '--reporter=dot', ...tests], { encoding: 'utf8', env: process.env }).status === 0;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { check, finish } = createChecks('MUTATIONS_REPORT');
  const tests = [...new Set(MUTATIONS.flatMap((mutation) => mutation.tests))];
  check('the catching tests pass on the code as it is', vitest(tests));
  for (const mutation of MUTATIONS) {
    const original = readFileSync(mutation.file, 'utf8');
    const found = original.split(mutation.from).length - 1;
    if (found !== 1) {
      check(
        `${mutation.name}: the rule is where the mutation expects it`,
        false,
        `found ${found} times in ${mutation.file}`,
      );
      continue;
    }
    try {
      writeFileSync(mutation.file, original.replace(mutation.from, mutation.to));
      check(`${mutation.name}: caught by ${mutation.tests.join(', ')}`, !vitest(mutation.tests));
    } finally {
      writeFileSync(mutation.file, original);
    }
  }
  finish();
}
