/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/** Tests that start servers or processes of their own: each file in a fresh process. */
const INTEGRATION = ['tests/store-api/**', 'tests/deploy/**', 'tests/security/**'];

export default getViteConfig({
  test: {
    testTimeout: 20000,
    hookTimeout: 30000,
    // Failure paths under test log on purpose; their lines would bury the report.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    setupFiles: ['tests/support/fresh-seams.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: INTEGRATION,
          environment: 'node',
          // Pure rules share one module graph per worker: a fresh one per file tripled their time.
          isolate: false,
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/**/*.test.tsx'],
          environment: 'jsdom',
          isolate: false,
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: INTEGRATION.map((dir) => `${dir}/*.test.ts`), pool: 'forks' },
      },
    ],
  },
});
