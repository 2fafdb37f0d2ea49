/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    // Failure paths under test log on purpose; their lines would bury the report.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  },
});
