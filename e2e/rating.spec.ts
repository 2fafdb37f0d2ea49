import { expect, test, type Browser } from './support/test';
import { injectFault } from './support/faults';
import { E2E_API_URL } from './support/sites';

async function noScriptPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

const unique = () => `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;

test('a rating link without an order says it is incomplete', async ({ browser }) => {
  const { context, page } = await noScriptPage(browser);
  const response = await page.goto('/public/rate-merchant/');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('This rating link is incomplete.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0);
  await context.close();
});

test('a failed rating check shows the answer, else that the order was reviewed', async ({ browser }) => {
  const { context, page } = await noScriptPage(browser);
  const order = unique();
  await injectFault('GET', `rate_merchant/${order}$`, 500);
  await page.goto(`/public/rate-merchant/?orderno=${order}`);
  await expect(page.getByText('injected fault 500')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0);
  await context.close();
});

test('a rating form post from another site is refused', async ({ request, baseURL }) => {
  const response = await request.post(`/public/rate-merchant/?orderno=${unique()}`, {
    headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'store_rating=5&shopping_experience=great',
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const sameSite = await request.post(`/public/rate-merchant/?orderno=${unique()}`, {
    headers: { origin: new URL(baseURL ?? '').origin, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'store_rating=9&shopping_experience=',
  });
  expect(sameSite.status()).toBe(422);
  const html = await sameSite.text();
  expect(html).toContain('Choose from 1 to 5 stars');
  expect(html).toContain('This field is required');
});

// Seeded rating links (store-api/README.md). The API database is shared by the parallel workers
// and kept between files: only the submitting journey below may rate OPEN_TO_SUBMIT.
const OPEN_TO_SUBMIT = 'NjAwMTA4.sQgNKQrizcc4KagI';
const OPEN_TO_READ = 'NjAwMzAy.VwW3UWrPS-ZxZFpB';
const RATED = 'NjAwMzAz.aV1gUrpBHl8-yMHd';

async function ratingCheck(orderNoEnc: string) {
  const response = await fetch(new URL(`admin/public/rate_merchant/${orderNoEnc}`, E2E_API_URL));
  return {
    status: response.status,
    body: (await response.json()) as { DEALERNAME?: string; FNAME?: string; message?: string },
  };
}

test('a review sent without JavaScript is thanked, and the link then says it was reviewed', async ({ browser }) => {
  const before = await ratingCheck(OPEN_TO_SUBMIT);
  expect(before.status).toBe(200);
  const { context, page } = await noScriptPage(browser);
  const link = `/public/rate-merchant/?orderno=${OPEN_TO_SUBMIT}`;
  await page.goto(link);
  await expect(
    page.getByText(`Hello ${before.body.FNAME}! How was your experience with ${before.body.DEALERNAME}?`),
  ).toBeVisible();
  // No star is chosen for the shopper.
  for (const stars of [1, 2, 3, 4, 5])
    await expect(page.getByRole('radio', { name: `${stars} of 5 stars` })).not.toBeChecked();
  await page.getByRole('radio', { name: '4 of 5 stars' }).check();
  await page.getByRole('textbox', { name: 'Overall shopping experience' }).fill('  Fast shipping, right part.  ');
  await page.getByRole('textbox', { name: 'Engine model' }).fill('F115');
  await page.getByRole('combobox', { name: 'Repair difficulty' }).selectOption({ label: 'Medium' });
  await page.getByRole('combobox', { name: 'Repair time' }).selectOption({ label: '1 to 2 hours' });
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your review has been received.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0);
  expect((await ratingCheck(OPEN_TO_SUBMIT)).status).toBe(409);

  await page.goto(link);
  await expect(page.getByText('This order has been reviewed already')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0);
  await context.close();
});

for (const [prefix, reviewed, submit] of [
  ['', 'This order has been reviewed already', 'Send review'],
  ['/fr', 'Cette commande a déjà été évaluée', "Envoyer l'avis"],
  ['/pt', 'Este pedido já foi avaliado', 'Enviar avaliação'],
] as const) {
  test(`a reviewed order's link says so in ${prefix || '/en'}`, async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    await page.goto(`${prefix}/public/rate-merchant/?orderno=${RATED}`);
    await expect(page.getByRole('status')).toHaveText(reviewed);
    await expect(page.getByRole('button', { name: submit })).toHaveCount(0);
    await expect(page.getByRole('radio')).toHaveCount(0);
    await context.close();
  });
}

test('an open rating link greets the shopper in their language without JavaScript', async ({ browser }) => {
  const check = await ratingCheck(OPEN_TO_READ);
  expect(check.status).toBe(200);
  const { context, page } = await noScriptPage(browser);
  await page.goto(`/es/public/rate-merchant/?orderno=${OPEN_TO_READ}&rating=3`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Valore su compra');
  await expect(
    page.getByText(`¡Hola, ${check.body.FNAME}! ¿Cómo fue su experiencia con ${check.body.DEALERNAME}?`),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: '3 de 5 estrellas' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Enviar valoración' })).toBeVisible();
  await context.close();
});

test('a review sent without its required text comes back to be corrected, still greeting the shopper', async ({
  browser,
}) => {
  const check = await ratingCheck(OPEN_TO_READ);
  expect(check.status).toBe(200);
  const greeting = `Hello ${check.body.FNAME}! How was your experience with ${check.body.DEALERNAME}?`;
  const { context, page } = await noScriptPage(browser);
  await page.goto(`/public/rate-merchant/?orderno=${OPEN_TO_READ}`);
  await expect(page.getByText(greeting)).toBeVisible();
  // The text areas are served empty: a required one that looks empty is.
  await expect(page.getByRole('textbox', { name: 'Overall shopping experience' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Tell us about your repair' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Engine model' }).fill('F115');
  await page.getByRole('button', { name: 'Send review' }).click();
  const experience = page.getByRole('textbox', { name: 'Overall shopping experience' });
  await expect(experience).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(greeting)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Engine model' })).toHaveValue('F115');
  // Nothing was sent: the link is still open.
  expect((await ratingCheck(OPEN_TO_READ)).status).toBe(200);
  await context.close();
});

test('a forged rating link says "Order not found" in the page\'s language', async ({ browser }) => {
  const { context, page } = await noScriptPage(browser);
  await page.goto('/public/rate-merchant/?orderno=forged-link-0');
  await expect(page.getByRole('status')).toHaveText('Order not found');
  await page.goto('/es/public/rate-merchant/?orderno=forged-link-0');
  await expect(page.getByRole('status')).toHaveText('Pedido no encontrado');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await context.close();
});
