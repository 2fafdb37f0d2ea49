import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_SITES } from './support/sites';

// Security properties of every HTML answer. Token handling and cross-origin proxy calls are
// checked in session.spec.ts; hostile input and return targets in hostile-input.spec.ts.

const HTML_ROUTES = [
  '/',
  '/return-policy/',
  '/es/return-policy/',
  '/login/',
  '/signin/',
  '/recover-password/',
  '/bulk-add-items/',
  '/order-info/',
  '/public/tracking/',
  '/public/tracking/?trackingNumber=EZ1000000001',
  '/public/rate-merchant/?orderno=NjAwMzAy.VwW3UWrPS-ZxZFpB',
  '/public/subscriptions/unsubscribed/',
  '/no-such-page/',
  '/dev/',
];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('every HTML answer sends a CSP that lists each inline script and forbids framing', async ({ request }) => {
  let inline = 0;
  for (const path of HTML_ROUTES) {
    const answer = await request.get(path);
    const csp = answer.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain("'unsafe-inline'");
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    const html = await answer.text();
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc=/i.test(attributes ?? '') || !body) continue;
      expect(scriptSrc, `${path}: inline script ${body.slice(0, 60)}`).toContain(sha256(body));
      inline += 1;
    }
  }
  // Island pages carry Astro's inline loader: the hash check above must have met some.
  expect(inline).toBeGreaterThan(0);
});

test('the developer page does not exist on the production site', async ({ request }) => {
  const answer = await request.get(`${E2E_SITES.production}/dev/`);
  expect(answer.status()).toBe(404);
  const html = await answer.text();
  expect(html).not.toContain('ps_e2e_mode');
});
