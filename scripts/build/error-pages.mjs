// The site's own pages for what nginx answers itself (deploy/nginx.conf's error_page): too many
// requests (429), no instance answering (502) and an instance too slow (504), one per language,
// written beside the build's client files as _errors/<lang>/<status>.html. They are plain HTML
// with their style inline: nginx serves them while no instance may be there to render anything.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ERROR_STATUSES = [429, 502, 504];
export const ERROR_LANGUAGES = ['en', 'es', 'fr', 'pt'];
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** @param {string} lang */
function phrasesOf(lang) {
  const read = (domain) => JSON.parse(readFileSync(join(ROOT, 'locales', lang, `${domain}.json`), 'utf8'));
  return { ...read('common'), ...read('edge-errors') };
}

// nginx fills in the request id (ssi on in deploy/nginx.conf's /_errors/): the one its access log
// and the X-Request-Id header carry, so a visitor who writes to support names the very line.
export const REQUEST_ID_SSI = '<!--# echo var="parts_store_request_id" default="" -->';

/**
 * One error page. "Try again" is a link to the address the visitor asked for: nginx answers it
 * there (an internal redirect), so an empty href reloads it.
 * @param {string} lang
 * @param {number} status
 */
export function errorPage(lang, status) {
  const phrases = phrasesOf(lang);
  const say = (key) => escapeHtml(String(phrases[key] ?? ''));
  const home = lang === 'en' ? '/' : `/${lang}/`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${say(`edgeError.${status}.title`)}</title>
<style>
body{margin:0;font-family:Inter,Arial,"Liberation Sans",Helvetica,sans-serif;color:#0f172a;background:#f1f6fc;line-height:1.5}
main{max-width:34rem;margin:12vh auto 0;padding:2rem 1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(6,42,77,.12)}
h1{margin:0 0 .75rem;font-size:1.5rem;color:#062a4d}
p{margin:0 0 1.5rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
a{display:inline-block;padding:.75rem 1.25rem;border-radius:8px;font-weight:600;text-decoration:none;min-height:1.5rem}
a.primary{background:#0b4a85;color:#fff}
a.primary:hover{background:#0a3d6e}
a.secondary{color:#0b4a85;border:1px solid #0b4a85}
a:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
.reference{margin:1.5rem 0 0;font-size:.875rem;color:#475569;overflow-wrap:anywhere}
</style>
</head>
<body>
<main>
<h1>${say(`edgeError.${status}.title`)}</h1>
<p>${say(`edgeError.${status}.message`)}</p>
<div class="actions"><a class="primary" href="">${say('common.tryAgain')}</a><a class="secondary" href="${home}">${say('edgeError.home')}</a></div>
<p class="reference">${say('edgeError.requestId').replace('{id}', `<code>${REQUEST_ID_SSI}</code>`)}</p>
</main>
</body>
</html>
`;
}

/**
 * Writes every error page into a build's client folder.
 * @param {string} clientDir
 */
export function writeErrorPages(clientDir) {
  for (const lang of ERROR_LANGUAGES) {
    const dir = join(clientDir, '_errors', lang);
    mkdirSync(dir, { recursive: true });
    for (const status of ERROR_STATUSES) writeFileSync(join(dir, `${status}.html`), errorPage(lang, status));
  }
}

/** The Astro integration that writes the pages once the build is done. */
export function errorPages() {
  /** @type {URL | null} */
  let client = null;
  return {
    name: 'parts-store-error-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        client = config.build.client;
      },
      'astro:build:done': () => {
        if (client) writeErrorPages(fileURLToPath(client));
      },
    },
  };
}
