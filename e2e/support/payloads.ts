import type { Page } from '@playwright/test';

/**
 * Hostile input for the journeys: script injection payloads, return targets that try to leave
 * the site, and the traces an error answer must never show.
 */

export interface Payload {
  name: string;
  text: string;
  /** Unique per payload and per test, so an injected element can be traced back to the payload. */
  marker: string;
}

/**
 * Each payload runs alert(1) when it is ever executed (so a dialog fires) and carries its marker
 * in the code or markup it would inject (so `injectedBy` finds it in the DOM).
 */
const TEMPLATES: readonly (readonly [string, (marker: string) => string])[] = [
  ['script tag', (m) => `<script>alert(1)//${m}</script>`],
  ['mixed-case script tag', (m) => `<ScRiPt>alert(1)//${m}</sCrIpT>`],
  ['split script tag', (m) => `<scr<script>ipt>alert(1)//${m}</script>`],
  ['img onerror', (m) => `<img src=x onerror=alert(1)//${m}>`],
  ['svg onload', (m) => `<svg onload=alert(1)//${m}>`],
  ['details ontoggle', (m) => `<details open ontoggle=alert(1)//${m}>`],
  ['iframe srcdoc', (m) => `<iframe srcdoc="<script>alert(1)</script>" title=${m}></iframe>`],
  ['javascript URL', (m) => `javascript:alert(1)//${m}`],
  ['javascript link', (m) => `<a href="javascript:alert(1)//${m}">${m}</a>`],
  ['double-quote break-out', (m) => `"><script>alert(1)//${m}</script>`],
  ['double-quote handler', (m) => `" autofocus onfocus=alert(1)//${m} x="`],
  ['single-quote break-out', (m) => `'><img src=x onerror=alert(1)//${m}>`],
  ['string break-out', (m) => `'-alert(1)-'${m}`],
  ['script close', (m) => `</script><script>alert(1)//${m}</script>`],
  ['line separators', (m) => `\u2028\u2029alert(1)//${m}`],
  ['right-to-left override', (m) => `\u202e<script>alert(1)//${m}</script>`],
  ['fullwidth brackets', (m) => `＜script＞alert(1)//${m}＜/script＞`],
  ['template expression', (m) => `{{constructor.constructor('alert(1)')()}}${m}`],
];

/** Every payload, each with a marker made of `tag` and its index (letters and digits only). */
export function payloads(tag: string): Payload[] {
  return TEMPLATES.map(([name, make], index) => {
    const marker = `xq${tag}${index}z`;
    return { name, text: make(marker), marker };
  });
}

/**
 * What a payload injected into a document: elements or attributes carrying its marker that
 * escaped markup would never create. Self-contained, so it runs in the page (`page.evaluate`)
 * and on a parsed answer (jsdom) alike.
 */
export function injectedBy(doc: Document, marker: string): string[] {
  const found: string[] = [];
  const activeTags = ['script', 'img', 'svg', 'iframe', 'object', 'embed'];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'];
  for (const element of Array.from(doc.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (tag === 'script' && (element.textContent ?? '').includes(marker)) found.push('script text');
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.includes(marker.toLowerCase())) found.push(`${tag} attribute name ${name}`);
      if (!attribute.value.includes(marker)) continue;
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      // eslint-disable-next-line no-control-regex -- browsers strip leading control characters before reading a scheme
      else if (urlAttributes.includes(name) && /^[\s\u0000-\u001f]*javascript:/i.test(attribute.value))
        found.push(`${tag}[${name}] javascript:`);
      else if (activeTags.includes(tag) && name !== 'value') found.push(`<${tag} ${name}>`);
    }
  }
  return found;
}

/** Return targets that try to send the visitor to another site. */
export const REDIRECT_TARGETS: readonly string[] = [
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '\\\\evil.example/',
  '/\\/evil.example/',
  'https:evil.example',
  'https://evil.example/',
  'http://127.0.0.1.evil.example/',
  '/en//evil.example/',
  '/es//evil.example/',
  '/fr/\\evil.example/',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/\t/evil.example/',
  '/\n/evil.example/',
  '\t//evil.example/',
  ' //evil.example/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
];

/** A Location header the browser resolves to a path on this site: one slash, then no slash or backslash. */
export function isSameSitePath(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what browsers strip before resolving
  return /^\/(?![/\\])/.test(location) && !/[\u0000-\u001f\u007f]/.test(location);
}

/** Signs of a stack trace or of the server's own files in an answer. */
export const INTERNAL_TRACES: readonly RegExp[] = [
  /\bat [\w.<>]+ \(/,
  /\n\s+at /,
  /\/work\//,
  /node_modules/,
  /\.tsx?:\d+/,
  /\.m?js:\d+:\d+/,
  /file:\/\//,
];

/** The traces found in an answer body; empty when it is clean. */
export function internalTraces(body: string): string[] {
  return INTERNAL_TRACES.filter((pattern) => pattern.test(body)).map(String);
}

/** `injectedBy` run in the page, on its live document or on an answer parsed there (inert: nothing in it runs or loads). */
export function injectedInPage(page: Page, marker: string, html?: string): Promise<string[]> {
  const doc = html === undefined ? 'document' : `new DOMParser().parseFromString(${JSON.stringify(html)}, 'text/html')`;
  return page.evaluate(`(${injectedBy.toString()})(${doc}, ${JSON.stringify(marker)})`);
}

/** Counts the dialogs a page opens (and dismisses them, so the page goes on). */
export function countDialogs(page: Page): { readonly count: number; readonly messages: string[] } {
  const seen = { count: 0, messages: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.count += 1;
    seen.messages.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}
