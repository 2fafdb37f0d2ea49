import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { executableScripts, jsonLdBlocks } from './support/scripts';
import { E2E_SITES } from './support/sites';

// What a search engine finds: the sitemap and robots.txt of each environment, a description per
// page and language, personal links kept out of the index, misses answered where they are asked.

const LANGUAGES = [
  { prefix: '', hreflang: 'en-US' },
  { prefix: '/es', hreflang: 'es-ES' },
  { prefix: '/fr', hreflang: 'fr-FR' },
  { prefix: '/pt', hreflang: 'pt-BR' },
] as const;
const INDEXABLE = ['/', '/bulk-add-items/', '/return-policy/'] as const;

/** The public origin a site writes into its absolute URLs, read from a page's canonical link. */
async function publicOrigin(request: APIRequestContext, site: string): Promise<string> {
  const html = await (await request.get(`${site}/return-policy/`)).text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(canonical).toMatch(/\/return-policy\/$/);
  return new URL(canonical).origin;
}

/** The same address on the site under test, whatever public origin it names. */
const onSite = (site: string, url: string) => `${site}${new URL(url).pathname}${new URL(url).search}`;

test('the production sitemap lists the public pages in every language, each answering with itself as canonical', async ({
  request,
}) => {
  const answer = await request.get(`${E2E_SITES.production}/sitemap.xml`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/xml');
  const xml = await answer.text();
  const origin = await publicOrigin(request, E2E_SITES.production);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  expect(locs).toHaveLength(INDEXABLE.length * LANGUAGES.length);
  for (const page of INDEXABLE) {
    for (const { prefix } of LANGUAGES) expect(locs).toContain(`${origin}${prefix}${page}`);
  }
  for (const loc of locs) {
    const entry = xml.slice(xml.indexOf(`<loc>${loc}</loc>`)).split('</url>')[0] ?? '';
    for (const { hreflang } of LANGUAGES) expect(entry, loc).toContain(`hreflang="${hreflang}"`);
    expect(entry, loc).toContain('hreflang="x-default"');
    // Each listed page exists, may be indexed, and names itself canonical.
    const page = await request.get(onSite(E2E_SITES.production, loc), { maxRedirects: 0 });
    expect(page.status(), loc).toBe(200);
    const html = await page.text();
    expect(html, loc).not.toContain('name="robots"');
    expect(html, loc).toContain(`<link rel="canonical" href="${loc}">`);
  }
});

test('robots.txt closes every environment but production, which names its sitemap and no internal path', async ({
  request,
}) => {
  for (const site of [E2E_SITES.marine, E2E_SITES.cycle]) {
    const closed = await request.get(`${site}/robots.txt`);
    expect(closed.status()).toBe(200);
    expect(await closed.text()).toBe('User-agent: *\nDisallow: /\n');
  }
  const open = await request.get(`${E2E_SITES.production}/robots.txt`);
  expect(open.headers()['content-type']).toContain('text/plain');
  const text = await open.text();
  expect(text).toContain(`Sitemap: ${await publicOrigin(request, E2E_SITES.production)}/sitemap.xml`);
  expect(text).not.toMatch(/Disallow:\s*\/\S/);
  expect(text).not.toContain('/dev/');
  expect(text).not.toContain('/api/');
});

test('each page has its own description in each language', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const { prefix } of LANGUAGES) {
    for (const path of [...INDEXABLE, '/login/', '/public/subscriptions/unsubscribed/']) {
      await page.goto(`${prefix}${path}`);
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      expect(description.length, `${prefix}${path}`).toBeGreaterThan(30);
      expect(seen.get(description), `${prefix}${path} repeats another page's description`).toBeUndefined();
      seen.set(description, `${prefix}${path}`);
    }
  }
  await page.goto('/es/return-policy/');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /30 días/);
});

test('personal tracking and rating links are noindex, and no canonical carries their number', async ({
  page,
  request,
}) => {
  const origin = await publicOrigin(request, E2E_SITES.marine);
  for (const path of [
    '/public/tracking/?trackingNumber=EZ1000000001',
    '/fr/public/tracking/?trackingNumber=PP3000000003',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
    const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '';
    expect(canonical, path).toBe(`${origin}${path.split('?')[0]}`);
    // The canonical answers the lookup page, not a 404.
    expect((await page.request.get(onSite(E2E_SITES.marine, canonical), { maxRedirects: 0 })).status(), canonical).toBe(
      200,
    );
  }
  for (const path of [
    '/public/rate-merchant/?orderno=NjAwMzAy.VwW3UWrPS-ZxZFpB',
    '/es/public/rate-merchant/?orderno=NjAwMzAz.aV1gUrpBHl8-yMHd',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"], link[rel="alternate"]'), path).toHaveCount(0);
  }
});

test('a miss names no canonical: a page not found, an unknown tracking number, a rating link without its order', async ({
  page,
}) => {
  for (const [path, title] of [
    ['/no-such-page/', /^Page not found/],
    ['/public/tracking/?trackingNumber=EZ0000000000', /^Track/],
    ['/public/rate-merchant/', /^Page not found/],
  ] as const) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.locator('link[rel="canonical"], link[rel="alternate"]'), path).toHaveCount(0);
    await expect(page, path).toHaveTitle(title);
  }
});

test('hard misses answer 404 at once, and bad public paths go to the public 404, in the language of the path', async ({
  request,
  page,
}) => {
  for (const path of ['/no-such-page/', '/fr/missing/']) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(404);
    expect(answer.headers()['location'], path).toBeUndefined();
  }
  // A temporary redirect: the bad address has not moved anywhere.
  for (const [path, target] of [
    ['/public/nope/', '/public/404/?path=%2Fpublic%2Fnope%2F'],
    ['/es/public/no-such/thing/', '/es/public/404/?path=%2Fes%2Fpublic%2Fno-such%2Fthing%2F'],
  ] as const) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers()['location'], path).toBe(target);
  }
  const response = await page.goto('/no-such-page/?x=1');
  expect(response?.status()).toBe(404);
  expect(new URL(page.url()).pathname).toBe('/no-such-page/');
  await expect(page.locator('code.path')).toHaveText('/no-such-page/?x=1');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /doesn't exist/);
});

test('the shop and its return policy are described as structured data the CSP allows', async ({ request, page }) => {
  const answer = await request.get('/fr/return-policy/');
  const html = await answer.text();
  const blocks = jsonLdBlocks(html);
  expect(blocks).toHaveLength(1);
  const data = blocks[0]!.data;
  expect(data).toMatchObject({ '@context': 'https://schema.org', name: 'Marine Parts Store' });
  expect(data['hasMerchantReturnPolicy']).toMatchObject({
    '@type': 'MerchantReturnPolicy',
    merchantReturnDays: 30,
    restockingFee: 20,
    inLanguage: 'fr-FR',
    name: 'Politique de retour',
  });
  const hash = `'sha256-${createHash('sha256').update(blocks[0]!.body, 'utf8').digest('base64')}'`;
  expect(answer.headers()['content-security-policy']).toContain(hash);
  expect(executableScripts(html)).toEqual([]);

  const cycle = jsonLdBlocks(await (await request.get(`${E2E_SITES.cycle}/`)).text());
  expect(cycle[0]?.data).toMatchObject({ name: 'Cycle Parts Store' });

  // In Chromium the block is read as data: no CSP report, nothing runs.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/return-policy/');
  expect(
    await page.evaluate(
      () => JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as unknown,
    ),
  ).toMatchObject({
    hasMerchantReturnPolicy: { merchantReturnDays: 30 },
  });
  expect(refused).toEqual([]);
});
