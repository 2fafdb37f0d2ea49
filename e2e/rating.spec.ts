import { expect, test, type Browser } from '@playwright/test';
import { E2E_API_URL } from './support/sites';

async function noScriptPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

async function injectFault(method: string, path: string, status: number) {
  const response = await fetch(new URL('__test/faults', E2E_API_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method, path, status, times: 1 }),
  });
  expect(response.ok).toBe(true);
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
