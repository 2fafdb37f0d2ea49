import { expect, test } from './support/test';
import { E2E_API_URL } from './support/sites';

// Who owns a basket, seen through the site: a basket number is no proof of ownership, and links
// from other sites neither change a visitor's session nor their cart without a click here.

const GUEST_KEY = { 'x-basket-key': 'journey-owner-key-0123456789' };
const guestRecord = {
  email: 'rita.dock@example.com',
  shippingData: {
    firstName: 'Rita',
    lastName: 'Dock',
    address1: '100 Harbor Dr',
    city: 'San Diego',
    state: 'CA',
    zip: '92101',
    country: 'US',
  },
  billToShip: true,
  subscription: 0,
};

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(path, E2E_API_URL), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Someone else's guest checkout: a basket with a product and a guest record under their key. */
async function someoneElsesGuestBasket(): Promise<string> {
  const { body } = await api<{ BASKETNUM: string }>('POST', 'a/item/1374449/2?store_id=marine');
  expect((await api('POST', `a/guest/${body.BASKETNUM}`, guestRecord, GUEST_KEY)).status).toBe(200);
  return body.BASKETNUM;
}

function setCookieNames(headers: { name: string; value: string }[]): string[] {
  return headers
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value.split('=')[0] ?? '');
}

test('a basket number from a link opens a copy of the items, never the owner’s guest record', async ({
  page,
  context,
}) => {
  const basketNum = await someoneElsesGuestBasket();
  await page.goto(`/?basketNum=${basketNum}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Water Pump Repair Kit' })).toBeVisible();
  const adopted = (await context.cookies()).find((cookie) => cookie.name === 'BASKETN')?.value;
  expect(adopted).toBeTruthy();
  expect(adopted).not.toBe(basketNum);
  // Through the site's proxy the owner's basket and guest record stay closed to this visitor.
  expect((await page.request.get(`/api/a/guest/${basketNum}/`)).status()).toBe(404);
  expect((await page.request.get(`/api/a/basket/${basketNum}/`)).status()).toBe(404);
  const owner = await api<{ email: string }>('GET', `a/guest/${basketNum}`, undefined, GUEST_KEY);
  expect(owner).toMatchObject({ status: 200, body: { email: 'rita.dock@example.com' } });
});

test('a guest-record link from another site neither signs the visitor out nor makes them a guest', async ({
  request,
}) => {
  const basketNum = await someoneElsesGuestBasket();
  const answer = await request.get(`/api/a/guest/${basketNum}/`, {
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  });
  const cookies = setCookieNames(answer.headersArray());
  expect(cookies).not.toContain('ps_access');
  expect(cookies).not.toContain('ps_refresh');
  expect(cookies).not.toContain('ps_guest');
  expect(JSON.stringify(await answer.json())).not.toContain('Rita');
});

/** A page of another origin holding a link to this site, as an attacker's or a partner's page would. */
async function linkFromElsewhere(page: import('@playwright/test').Page, href: string): Promise<void> {
  await page.goto(new URL('health', E2E_API_URL).href);
  await page.setContent(`<a href="${href}">go</a>`);
  await page.getByRole('link', { name: 'go' }).click();
}

test('cart links from another site only offer the change; the click on this site makes it', async ({
  page,
  context,
  baseURL,
}) => {
  await linkFromElsewhere(page, new URL('/?add-to-cart=2043,1', baseURL).href);
  const confirm = page.getByTestId('cart-link-confirm');
  await expect(confirm).toContainText('Another site sent you here to change your cart.');
  expect((await context.cookies()).some((cookie) => cookie.name === 'BASKETN')).toBe(false);
  await confirm.getByRole('link', { name: 'Change my cart' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('cart-link-confirm')).toHaveCount(0);
  expect((await context.cookies()).some((cookie) => cookie.name === 'BASKETN')).toBe(true);
});

test('a new-cart link from another site keeps the visitor’s basket', async ({ page, context }) => {
  await page.goto('/?add-to-cart=2043,1');
  const before = (await context.cookies()).find((cookie) => cookie.name === 'BASKETN')?.value;
  expect(before).toBeTruthy();
  const answer = await page.request.get('/?new-cart=true', {
    headers: { 'sec-fetch-site': 'cross-site' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(200);
  expect(setCookieNames(answer.headersArray())).not.toContain('BASKETN');
  expect((await context.cookies()).find((cookie) => cookie.name === 'BASKETN')?.value).toBe(before);
});
