// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.astro/', 'test-results/', 'playwright-report/', 'bench/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  ...astro.configs.recommended,
  {
    files: ['**/*.astro', '**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use lib/api/client.ts (the request pipeline).' }],
    },
  },
  {
    // The pipeline, the proxy, the reference API, scripts and tests may call fetch.
    files: ['src/lib/api/**', 'src/pages/api/**', 'src/lib/server/**', 'store-api/**', 'scripts/**', 'tests/**', 'e2e/**'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
