// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/**
 * Imports point one way: pages, layouts, middleware and actions → features → components and lib →
 * config and stores. A module of a lower layer names none above it, by the `~/` alias, a `src/` path or a
 * relative path.
 */
const layer = (name, message) => ({ regex: `^(~/|src/|\\./|(\\.\\./)+)${name}(/|\\.|$)`, message });
const TOP = [
  layer('pages', 'Pages are the top layer: move what is shared out of the page into a feature or lib.'),
  layer('layouts', 'Layouts sit above features, components and lib.'),
  layer('middleware', 'Middleware sits above features, components and lib: move the shared part down into lib.'),
  layer('actions', 'Actions sit above features, components and lib: move the shared part down into lib.'),
];
const FEATURES = layer(
  'features',
  'Features sit above components and lib: move the shared core down into lib, or the component into its feature.',
);
const COMPONENTS = layer('components', 'lib sits below components: move the shared core down into lib.');
const LIB = layer('lib', 'config and stores are the bottom layer.');
/** The production entry (deploy/) loads the site and shares its modules; the site never imports deploy/. */
const DEPLOY = {
  regex: '^(\\.\\./)+deploy/',
  message: 'deploy/ sits above the site: move what both need into src/ and import it from deploy/.',
};
/**
 * Actions are named from pages, `src/actions/` itself and at most one `<domain>.actions.ts` per
 * feature folder, which the feature's page code imports. Islands call an action by its name
 * (`callAction`, `src/lib/api/call-action.ts`), so no island loads Astro's actions client.
 */
const ASTRO_ACTIONS = {
  name: 'astro:actions',
  message: "Only pages, src/actions/ and a feature's <domain>.actions.ts import astro:actions: use that module.",
};
const ACTIONS_IMPORTERS = ['src/pages/**', 'src/actions/**'];
const actionsModuleOf = (feature) => `src/features/${feature}/${feature}.actions.ts`;
const restricted = (paths, patterns) => ({
  'no-restricted-imports': ['error', { paths, patterns: [...patterns, DEPLOY] }],
});
const direction = (...patterns) => restricted([ASTRO_ACTIONS], patterns);
/** The direction of the layer without the actions rule: for the modules that may import astro:actions. */
const directionWithActions = (...patterns) => restricted([], patterns);

/**
 * A feature uses another only through that feature's `public.ts`, which names what it offers;
 * everything else in a feature folder is its own and may change without looking outside it.
 */
const FEATURE_NAMES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherFeaturesInside = (own) => ({
  regex: `^((~/|src/)features/|\\.\\./)(?!${own}/)[^./][^/]*/(?!public$)`,
  message: "Another feature is used only through its public.ts: import '~/features/<name>/public'.",
});
const featureRules = FEATURE_NAMES.flatMap((name) => [
  { files: [`src/features/${name}/**`], rules: direction(...TOP, otherFeaturesInside(name)) },
  { files: [actionsModuleOf(name)], rules: directionWithActions(...TOP, otherFeaturesInside(name)) },
]);

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
    files: [
      'src/lib/api/**',
      'src/pages/api/**',
      'src/lib/server/**',
      'store-api/**',
      'scripts/**',
      'tests/**',
      'e2e/**',
    ],
    rules: { 'no-restricted-globals': 'off' },
  },
  { rules: { 'no-restricted-imports': ['error', { paths: [ASTRO_ACTIONS] }] } },
  {
    // Unit and component test files share their workers: a module mock would reach the files after it.
    files: ['tests/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'mock',
          message: 'Pass the dependency in, or replace the browser seam (lib/browser.ts).',
        },
      ],
    },
  },
  {
    // Browser code names its domain's module of store-API calls: the whole table would carry every
    // domain's decoders into every island's bundle.
    files: [
      'src/features/**/*.tsx',
      'src/features/**/*.api.ts',
      'src/features/**/*.store.ts',
      'src/components/**',
      'src/lib/api/**',
      'src/lib/store-api/calls.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/store-api\\/endpoints$|^\\.\\/endpoints$/]',
          message: "Import the domain's module: '~/lib/store-api/endpoints/<domain>'.",
        },
      ],
    },
  },
  { files: ['src/**'], rules: direction() },
  { files: ACTIONS_IMPORTERS, rules: directionWithActions() },
  ...featureRules,
  { files: ['src/components/**'], rules: direction(...TOP, FEATURES) },
  { files: ['src/lib/**'], rules: direction(...TOP, FEATURES, COMPONENTS) },
  { files: ['src/config.ts', 'src/stores.ts'], rules: direction(...TOP, FEATURES, COMPONENTS, LIB) },
);
