// @ts-check
import { defineConfig, passthroughImageService } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { i18n } from 'astro-i18n-aut/integration';
import { errorPages } from './scripts/build/error-pages.mjs';
import { entryModules } from './scripts/build/entry-modules.mjs';
import { ssrRuntime } from './scripts/build/ssr-runtime.mjs';

/**
 * The islands' request pipeline to the proxy, the store-API decoders, money and prices, apart from
 * the core chunk. It was split off for the session forms (login, sign in, recover password), which
 * now ship no island at all: every island page loads both. A price component in the core chunk
 * would take money with it.
 */
const PIPELINE =
  /\/src\/(lib\/(api\/(?!call-action|action-answer)|store-api\/|money\.ts|line-price\.ts)|components\/ui\/Price\.tsx)/;

/**
 * Small rules the server forms' script (session and order follow-up pages) shares with many
 * islands: in the core chunk they would bring React and the stores to pages that have no island.
 */
const FORM_SCRIPT_RULES = /\/src\/lib\/is-one-of\.ts$/;

export const locales = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR' };

export default defineConfig({
  // Absolute links use SITE_URL as read when the server starts (src/config.ts); this is only the build's.
  site: process.env.SITE_URL ?? 'http://localhost:4321/',
  output: 'server',
  adapter: node({ mode: 'standalone', experimentalDisableStreaming: true }),
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  security: {
    checkOrigin: true,
    // MAX_FORM_BODY_BYTES (src/lib/http/request-limits.ts): the middleware refuses a larger
    // declared body first; this holds the same limit for what Astro reads itself.
    actionBodySizeLimit: 64 * 1024,
    // Lets Astro take the scheme from X-Forwarded-Proto, so its origin check matches an https
    // visitor behind TLS termination. The production entry (deploy/server.mjs) passes that header
    // only from a trusted proxy (TRUST_PROXY, read at start) and drops X-Forwarded-Host and -Port.
    allowedDomains: [{ protocol: 'https' }, { protocol: 'http' }],
    csp: {
      directives: [
        "default-src 'self'",
        // Product pictures live on the storefronts' and manufacturers' own hosts.
        "img-src 'self' data: https:",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'self'",
        "object-src 'none'",
      ],
    },
  },
  integrations: [
    react(),
    // nginx's own refusals and failures answer with these (deploy/nginx.conf, error_page).
    errorPages(),
    // deploy/server.mjs imports the settings schema built to JavaScript (no .ts at run time).
    entryModules(),
    // Our middleware performs the /en/ redirect itself: the integration's redirect
    // turns /en//evil.example/ into a protocol-relative Location header.
    i18n({ locales, defaultLocale: 'en', redirectDefaultLocale: false, exclude: ['pages/api/**/*', 'pages/**/*.ts'] }),
  ],
  // No page transforms images (pictures come from the storefronts' hosts): the pass-through
  // service keeps sharp, a native package of tens of MB, out of the production instance.
  image: { service: passthroughImageService() },
  devToolbar: { enabled: false },
  vite: {
    plugins: [
      // A part loaded on demand (import()) fetches its own imports when it arrives, one round trip
      // later. Vite's helper that would fetch them beside it costs every island page 0.8 KB gzipped
      // (the support button has such a part), to save that round trip on a first press.
      {
        name: 'plain-dynamic-imports',
        enforce: 'pre',
        load(id) {
          return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : null;
        },
      },
      ssrRuntime(),
      // A feature's public file only forwards names (eslint.config.js): what a page does not use of
      // it is not shipped to that page, nor shared into the core chunk by its other importers.
      {
        name: 'public-files-without-side-effects',
        transform(code, id) {
          return /\/src\/features\/[^/]+\/public\.ts$/.test(id) ? { code, moduleSideEffects: false } : null;
        },
      },
    ],
    build: {
      // Nothing is inlined: fonts, pictures and stylesheets stay cached files. Inlining the pages'
      // small stylesheets ('auto' under 4 KB) took 70 ms off the customer form's simulated paint
      // but put its HTML at 76 KB, over its 70 KB ceiling (bench/before-after.md).
      assetsInlineLimit: 0,
      rollupOptions: {
        output: {
          // Every island page loads React and the stores: one file for them instead of a dozen
          // small ones saves each file's compression overhead and its request. The request pipeline
          // is a second such file (see PIPELINE above).
          // Only modules shared by six or more islands join them: the form field, the shipping names,
          // the cookie names and the like are shared by fewer and stay in their own chunks, so a
          // page that does not use them does not load them (1 to 2 KB gzipped less per page than
          // with four, for three to five more files).
          codeSplitting: {
            groups: [
              // Their own small file, shared by the islands and the server forms' script alike.
              { name: 'rules', test: FORM_SCRIPT_RULES, priority: 2 },
              {
                name: 'core',
                // The form islands' reading of what was typed before they woke is theirs alone: review
                // order and the cart, which have no such form, do not load it.
                test: (id) =>
                  /\/(node_modules|src)\//.test(id) &&
                  !/\/node_modules\/(astro|devalue)\//.test(id) &&
                  !id.endsWith('/typed-before-hydration.ts') &&
                  !FORM_SCRIPT_RULES.test(id) &&
                  !PIPELINE.test(id),
                minShareCount: 6,
              },
              { name: 'pipeline', test: PIPELINE, minShareCount: 6 },
            ],
          },
        },
      },
    },
  },
});
