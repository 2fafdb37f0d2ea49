import { expect, test } from './support/test';
import { CUSTOMER } from './support/checkout';
import { startProductionEntry, type OwnServer } from './support/servers';
import { E2E_API_URL, E2E_OWN_PORTS } from './support/sites';

// The production entry keeps public pages in memory once rendered (deploy/page-memory.mjs): the
// stored answer carries every header of its render, and a visitor whose page is their own, or whom
// LANG sends elsewhere, still gets the site's own answer.

test.describe.configure({ mode: 'serial' });

const PUBLIC_PAGES = [
  '/return-policy/',
  '/fr/return-policy/',
  '/es/public/subscriptions/unsubscribed/',
  '/no-such-page/',
  '/pt/public/tracking/?trackingNumber=PP3000000003',
  '/robots.txt',
  '/sitemap.xml',
];
/** Headers of one answer only: its id, date, framing, and whether it came from memory. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'content-length', 'transfer-encoding', 'x-cache', 'keep-alive']);

const output: string[] = [];
let entry: OwnServer | undefined;

function lasting(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${entry?.url ?? ''}${path}`, { headers, redirect: 'manual' });
}

test.beforeAll(async () => {
  entry = await startProductionEntry(E2E_OWN_PORTS.memorySite, E2E_API_URL, { LOG_LEVEL: 'silent' }, output);
});

test.afterAll(async () => {
  await entry?.stop();
});

test('a public page from memory has the headers and bytes of its render', async () => {
  const run = Date.now().toString(36);
  for (const page of PUBLIC_PAGES) {
    // A query of this run's own, so the first answer is a render (the start waits on the return policy).
    const path = `${page}${page.includes('?') ? '&' : '?'}run=${run}`;
    const rendered = await get(path, { 'accept-encoding': 'br' });
    const body = await rendered.text();
    expect(rendered.headers.get('x-cache'), path).toBeNull();
    expect(rendered.headers.get('cache-control'), path).toMatch(/^public, .*max-age=\d+/);
    let stored = await get(path, { 'accept-encoding': 'br' });
    await expect
      .poll(async () => {
        stored = await get(path, { 'accept-encoding': 'br' });
        return stored.headers.get('x-cache');
      }, path)
      .toBe('hit');
    expect(stored.status, path).toBe(rendered.status);
    expect(lasting(stored), path).toEqual(lasting(rendered));
    expect(stored.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    expect(stored.headers.get('x-frame-options'), path).toBe('DENY');
    expect(stored.headers.get('vary'), path).toBe('Cookie, Accept-Encoding');
    expect(await stored.text(), path).toBe(body);
  }
});

test('robots.txt and the sitemap from memory name the runtime origin', async () => {
  const origin = entry?.url ?? '';
  const expected = {
    '/robots.txt': `Sitemap: ${origin}/sitemap.xml`,
    '/sitemap.xml': `<loc>${origin}/fr/return-policy/</loc>`,
  };
  for (const [path, line] of Object.entries(expected)) {
    expect(await (await get(path)).text(), path).toContain(line);
    await expect.poll(async () => (await get(path)).headers.get('x-cache'), path).toBe('hit');
    expect(await (await get(path)).text(), path).toContain(line);
  }
});

test('a signed-in visitor and a LANG redirect get the site, not the stored page', async () => {
  const origin = entry?.url ?? '';
  const login = await fetch(`${origin}/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: CUSTOMER.email, password: CUSTOMER.password, disableRateLimit: '1' }),
  });
  expect(login.status).toBe(303);
  const cookie = login.headers
    .getSetCookie()
    .filter((line) => !line.includes('Expires=Thu, 01 Jan 1970'))
    .map((line) => line.split(';')[0])
    .join('; ');
  const own = await get('/return-policy/', { cookie });
  expect(own.headers.get('x-cache')).toBeNull();
  expect(own.headers.get('cache-control')).toBe('private, no-cache');
  expect(await own.text()).toMatch(/<form method="post" action="[^"]*\/logout\/\?redirect=/);

  const french = await get('/return-policy/', { cookie: 'LANG=fr' });
  expect(french.status).toBe(302);
  expect(french.headers.get('location')).toBe('/fr/return-policy/');
  expect(french.headers.get('x-cache')).toBeNull();

  const anonymous = await get('/return-policy/', { cookie: 'BASKETN=B-123; LANG=en' });
  expect(anonymous.headers.get('x-cache')).toBe('hit');
  expect(await anonymous.text()).not.toContain('/logout/');
});
