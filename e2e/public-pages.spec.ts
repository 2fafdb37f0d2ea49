import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';
import { executableScripts } from './support/scripts';

const titles = {
  en: { returnPolicy: 'Return policy', unsubscribed: 'You are unsubscribed', notFound: "This page doesn't exist." },
  es: {
    returnPolicy: 'Política de devoluciones',
    unsubscribed: 'Se ha dado de baja',
    notFound: 'Esta página no existe.',
  },
  fr: {
    returnPolicy: 'Politique de retour',
    unsubscribed: 'Vous êtes désabonné',
    notFound: "Cette page n'existe pas.",
  },
  pt: {
    returnPolicy: 'Política de devolução',
    unsubscribed: 'Inscrição cancelada',
    notFound: 'Esta página não existe.',
  },
} as const;

for (const [locale, text] of Object.entries(titles)) {
  const prefix = locale === 'en' ? '' : `/${locale}`;

  test(`public pages read in ${locale}`, async ({ page }) => {
    await page.goto(`${prefix}/return-policy/`);
    await expect(page).toHaveTitle(new RegExp(text.returnPolicy));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.returnPolicy);
    await expect(page.locator('html')).toHaveAttribute('lang', /^(en|es|fr|pt)-/);

    await page.goto(`${prefix}/public/subscriptions/unsubscribed/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.unsubscribed);

    const response = await page.goto(`${prefix}/no-such-page/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(text.notFound)).toBeVisible();

    // The error page's own address is no page: nobody can make the site answer 500 by asking for it.
    const errorPage = await page.goto(`${prefix}/500/`);
    expect(errorPage?.status()).toBe(404);
    await expect(page.getByText(text.notFound)).toBeVisible();
  });
}

test('every public page has canonical and hreflang alternates', async ({ page }) => {
  await page.goto('/fr/return-policy/');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/fr\/return-policy\/$/);
  for (const lang of ['en-US', 'es-ES', 'fr-FR', 'pt-BR', 'x-default']) {
    await expect(page.locator(`link[rel=alternate][hreflang="${lang}"]`)).toHaveCount(1);
  }
  await expect(page.locator('link[hreflang="es-ES"]')).toHaveAttribute('href', /\/es\/return-policy\/$/);
});

test('the 404 page shows a script path as text and fires no dialog', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  const response = await page.goto('/<script>alert(1)</script>/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('code.path')).toHaveText('/<script>alert(1)</script>/');
  await expect(page.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Continue shopping' }).last()).toBeVisible();
  expect(dialogs).toBe(0);
});

test('an unknown /public/ path redirects to /public/404, which shows the path', async ({ page }) => {
  const response = await page.goto('/public/nope/xyz?x=1');
  expect(response?.status()).toBe(404);
  expect(new URL(page.url()).pathname).toBe('/public/404/');
  await expect(page.locator('code.path')).toHaveText('/public/nope/xyz/?x=1');
});

test('language switch round trip and language_id redirect', async ({ page, context, request }) => {
  await page.goto('/return-policy/');
  await page.locator('.language-switch > button').click();
  await page.getByRole('link', { name: /Français/ }).click();
  await expect(page).toHaveURL(/\/fr\/return-policy\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de retour');
  // The LANG cookie now sends unprefixed routes to French.
  await page.goto('/return-policy/');
  await expect(page).toHaveURL(/\/fr\/return-policy\/$/);
  await page.locator('.language-switch > button').click();
  await page.getByRole('link', { name: /English/ }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/return-policy\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return policy');

  await context.clearCookies();
  await page.goto('/public/subscriptions/unsubscribed/?language_id=pt');
  await expect(page).toHaveURL(/\/pt\/public\/subscriptions\/unsubscribed\/$/);
  const lang = (await context.cookies()).find((cookie) => cookie.name === 'LANG');
  expect(lang?.value).toBe('pt');
  expect(lang?.sameSite).toBe('Strict');
  // Chromium caps stored lifetimes at 400 days, so the 100000-day lifetime is read from the header.
  const answer = await request.get('/?language_id=es', { maxRedirects: 0 });
  expect(answer.headers()['set-cookie']).toContain(`Max-Age=${100000 * 86400}`);
  expect(answer.headers()['location']).toBe('/es/');
});

test('the return-policy dialog opens and closes by keyboard without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/return-policy/');
  const trigger = page.getByRole('button', { name: 'Return policy' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('#return-policy-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('20%');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await context.close();
});

test('public pages contain no script that runs (structured data only)', async ({ request }) => {
  for (const path of [
    '/return-policy/',
    '/es/public/subscriptions/unsubscribed/',
    '/missing/',
    '/public/404/?path=/public/x',
  ]) {
    const response = await request.get(path);
    const html = await response.text();
    expect(html, path).toMatch(/<html/i);
    expect(executableScripts(html), path).toEqual([]);
  }
});

test('security headers are sent', async ({ request }) => {
  const response = await request.get('/return-policy/');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain("'unsafe-inline'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
});

test('public pages pass an accessibility check, the open language switch included', async ({ page }) => {
  for (const [path, code, name] of [
    ['/return-policy/', 'EN', 'Current language: English'],
    ['/fr/public/tracking/?trackingNumber=EZ1000000001', 'FR', 'Langue actuelle : Français'],
    ['/es/public/rate-merchant/?orderno=NjAwMzAz.aV1gUrpBHl8-yMHd', 'ES', 'Idioma actual: Español'],
  ] as const) {
    await page.goto(path);
    const languageSwitch = page.locator('.language-switch > button');
    // The name starts with the code the button shows, so it can be found by what it shows.
    await expect(languageSwitch).toHaveText(new RegExp(`^${code}\\b`));
    await expect(languageSwitch).toHaveAccessibleName(new RegExp(`^${code}\\b.*${name}`));
    await languageSwitch.click();
    await expect(page.locator('.language-switch .dropdown__panel')).toBeVisible();
    await expectAccessible(page, `${path}, language switch open`);
  }
});
