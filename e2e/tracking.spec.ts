import { expect, test, type Browser } from '@playwright/test';
import { E2E_API_URL } from './support/sites';

// Shoppers open these pages from e-mails on phones: they must work without JavaScript.
async function noScriptPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

async function injectFault(path: string, status: number) {
  const response = await fetch(new URL('__test/faults', E2E_API_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path, status, times: 1 }),
  });
  expect(response.ok).toBe(true);
}

const unique = (prefix: string) => `${prefix}${Date.now()}${Math.floor(Math.random() * 1e6)}`;

const texts = {
  en: { prefix: '', title: 'Track your shipment', missing: 'Tracking number not found', none: 'no shipments found', failed: "can't get data", server: 'error with server', retry: 'Try again' },
  fr: { prefix: '/fr', title: 'Suivre votre envoi', missing: 'Numéro de suivi introuvable', none: 'aucun envoi trouvé', failed: "impossible d'obtenir les données", server: 'erreur du serveur', retry: 'Réessayer' },
} as const;

for (const [locale, text] of Object.entries(texts)) {
  test(`tracking states without JavaScript in ${locale}`, async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);

    let response = await page.goto(`${text.prefix}/public/tracking/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
    await expect(page.getByText(text.missing)).toBeVisible();

    response = await page.goto(`${text.prefix}/public/tracking/?trackingNumber=${unique('UNKNOWN')}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(text.none)).toBeVisible();

    const failing = unique('FAIL');
    await injectFault(`a/tracking/${failing}$`, 503);
    response = await page.goto(`${text.prefix}/public/tracking/?trackingNumber=${failing}`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByText(text.failed)).toBeVisible();
    await expect(page.getByText(text.server, { exact: false }).first()).toBeVisible();
    // The fault answered once: the retry link shows the real answer.
    await page.getByRole('link', { name: text.retry }).click();
    await expect(page.getByText(text.none)).toBeVisible();
    await context.close();
  });
}

test('a tracking number is shown as text, never run', async ({ browser }) => {
  const { context, page } = await noScriptPage(browser);
  await page.goto('/public/tracking/?trackingNumber=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  await expect(page.locator('.tracking__number')).toHaveText('<script>alert(1)</script>');
  await expect(page.getByRole('textbox', { name: 'Track another shipment' })).toHaveValue('<script>alert(1)</script>');
  await context.close();

  const withScript = await browser.newContext();
  const scripted = await withScript.newPage();
  let dialogs = 0;
  scripted.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await scripted.goto('/public/tracking/?trackingNumber=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(scripted.locator('.tracking__number')).toHaveText('<img src=x onerror=alert(1)>');
  await expect(scripted.locator('main img')).toHaveCount(0);
  expect(dialogs).toBe(0);
  await withScript.close();
});

test('the tracking form looks up another number without JavaScript', async ({ browser }) => {
  const { context, page } = await noScriptPage(browser);
  await page.goto('/es/public/tracking/');
  const number = unique('NEXT');
  await page.getByRole('textbox', { name: 'Seguir otro envío' }).fill(number);
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/es/public/tracking/\\?trackingNumber=${number}$`));
  await expect(page.getByText('no se encontraron envíos')).toBeVisible();
  await context.close();
});

test('public follow-up pages ship no script and may be cached briefly', async ({ request }) => {
  for (const path of ['/public/tracking/', `/public/tracking/?trackingNumber=${unique('X')}`, '/pt/public/tracking/', '/public/rate-merchant/', '/fr/public/rate-merchant/?orderno=abc']) {
    const response = await request.get(path);
    const html = await response.text();
    expect(html, path).not.toMatch(/<script/i);
    expect(html, path).toContain('contact_us.html#contact-form');
  }
  const tracking = await request.get('/public/tracking/');
  expect(tracking.headers()['cache-control']).toMatch(/s-maxage=\d+/);
});
