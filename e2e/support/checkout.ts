import { createHmac } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { demoAddress } from '../../store-api/seed/accounts';
import { E2E_API_URL, E2E_BASKET_KEY_SECRET, E2E_SITES } from './sites';

/** Shared steps of the checkout journeys: accounts, baskets, faults and reading orders back. */

export interface Account {
  email: string;
  password: string;
}

export const CUSTOMER: Account = { email: 'customer@example.com', password: 'Customer123!' };
export const ACAI: Account = { email: 'acai@example.com', password: 'Acai12345!' };

export const APPROVED_CARD = '4111111111111111';
export const DECLINED_CARD = '4000000000000002';

/** A call to the reference API itself (not through the site's proxy). */
export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  // The journeys' own look-ups are bookkeeping, not a visitor's: they skip the test API's limits.
  const headers: Record<string, string> = { 'x-disable-rate-limit': '1', ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(new URL(path, E2E_API_URL), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The first Suzuki product that can be bought in the marine store (its id comes from the seeded catalogue). */
export async function suzukiProduct(): Promise<number> {
  for (let id = 200005; id < 200400; id += 5) {
    const added = await api<{ BASKETNUM?: string }>('POST', `a/item/${id}/1?store_id=marine`);
    if (added.status !== 200) continue;
    const basket = await api<{ BASKET: { mfg_account_id: number }[] }>('GET', `a/basket/${added.body.BASKETNUM ?? ''}`);
    if (basket.body.BASKET[0]?.mfg_account_id === 24) return id;
  }
  throw new Error('no Suzuki product in the catalogue');
}

export async function apiToken(account: Account): Promise<string> {
  const answer = await api<{ token: string }>('POST', 'v2/auth/login', {
    username: account.email,
    password: account.password,
    role: 'acai',
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

/** A customer of its own, so its orders and address belong to one test only. */
export async function freshCustomer(label: string): Promise<Account> {
  const email = `${label}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const password = 'Fresh12345!';
  // The demo accounts' address: real, and accepted by the address validator.
  const { email: _email, address_verified: _verified, ...shippingData } = demoAddress('Robin', 'Keel', email);
  const answer = await api('POST', 'v2/customers', {
    email,
    shippingData,
    billToShip: 1,
    password,
    passwordConfirm: password,
    subscription: 0,
  });
  expect(answer.status).toBe(200);
  return { email, password };
}

export interface HistoryOrder {
  orderno: { order_no: number | string; order_total: number; ship_type: string };
  items: { sku: string; name: string; quantity: number }[];
}

export async function orderHistory(account: Account): Promise<HistoryOrder[]> {
  const answer = await api<HistoryOrder[]>(
    'GET',
    'v2/orders/history?legacy_date_range=all',
    undefined,
    await apiToken(account),
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/** One order read back by its shown number, as a guest lookup would. */
export async function orderByNumber(email: string, shownNumber: string): Promise<HistoryOrder> {
  const answer = await api<HistoryOrder[]>(
    'GET',
    `v2/orders/history/guest?email=${encodeURIComponent(email)}&order_no=${encodeURIComponent(shownNumber)}`,
  );
  expect(answer.status).toBe(200);
  expect(answer.body).toHaveLength(1);
  return answer.body[0]!;
}

export async function basketOf(context: BrowserContext, site: string = E2E_SITES.marine): Promise<string> {
  const cookie = (await context.cookies(site)).find((entry) => entry.name === 'BASKETN');
  return cookie?.value ?? '';
}

export interface ServerBasket {
  ORDER: { shipping: number; tax: number; orderTotal: number; shiptype: string; ordered?: boolean | number };
  BASKET: { product_id: number; quantity: number }[];
}

export async function serverBasket(basketNum: string, basketKey?: string): Promise<ServerBasket> {
  const answer = await api<ServerBasket>(
    'GET',
    `a/basket/${basketNum}`,
    undefined,
    undefined,
    basketKey ? { 'x-basket-key': basketKey } : {},
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The basket key's cookie value as the site writes it: the key, its time of issue and their HMAC under the shared secret. */
export function signedBasketKey(key: string): string {
  const issued = Math.floor(Date.now() / 1000).toString(36);
  const signature = createHmac('sha256', E2E_BASKET_KEY_SECRET)
    .update(`basket-key:${key}:${issued}`)
    .digest('base64url');
  return `${key}.${issued}.${signature}`;
}

/**
 * This browser's basket key (the httpOnly cookie the site sets with a first guest record, signed);
 * one is made and stored as the site would when the browser has none yet.
 */
export async function basketKeyOf(context: BrowserContext, site: string = E2E_SITES.marine): Promise<string> {
  const names = ['ps_basket_key', '__Host-ps_basket_key'];
  const existing = (await context.cookies(site)).find((entry) => names.includes(entry.name))?.value;
  if (existing) return existing.split('.')[0] ?? '';
  const key = `journey-key-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  const secure = site.startsWith('https:');
  await context.addCookies([
    {
      name: secure ? '__Host-ps_basket_key' : 'ps_basket_key',
      value: signedBasketKey(key),
      url: site,
      httpOnly: true,
      secure,
      sameSite: 'Strict',
    },
  ]);
  return key;
}

/**
 * Orders a basket straight at the API as a guest, as another tab of the same browser would: the
 * page that still shows the basket has not seen it happen.
 */
export async function orderElsewhere(basketNum: string, context: BrowserContext): Promise<void> {
  const email = `elsewhere-${basketNum.slice(0, 8)}@example.com`;
  const { address_verified: _verified, ...shippingData } = demoAddress('Robin', 'Keel', email);
  const key = { 'x-basket-key': await basketKeyOf(context) };
  expect(
    (await api('POST', `a/guest/${basketNum}`, { email, shippingData, billToShip: 1, subscription: 0 }, undefined, key))
      .status,
  ).toBe(200);
  const year = new Date().getFullYear() + 1;
  const order = await api(
    'POST',
    `a/checkout/${basketNum}`,
    { payType: 'cc', cardNumber: APPROVED_CARD, csv: '123', exp_month: 1, exp_year: year },
    undefined,
    key,
  );
  expect(order.status).toBe(200);
  expect((await serverBasket(basketNum, key['x-basket-key'])).ORDER.ordered).toBeTruthy();
}

/** A basket of its own, built with an add-to-cart link; answers its number. */
/** A fresh basket of its own, made through the store API and set as the shopper's basket cookie on the marine store. */
export async function withBasket(context: BrowserContext): Promise<string> {
  const response = await context.request.post(`${E2E_API_URL}a/item/1374449/1?store_id=marine`);
  expect(response.ok()).toBe(true);
  const { BASKETNUM } = (await response.json()) as { BASKETNUM: string };
  await context.addCookies([{ name: 'BASKETN', value: String(BASKETNUM), url: E2E_SITES.marine }]);
  return String(BASKETNUM);
}

export async function basketFor(page: Page, addToCart: string, site: string = E2E_SITES.marine): Promise<string> {
  await page.goto(`${site}/?add-to-cart=${addToCart}`);
  await expect(page.getByRole('spinbutton').first()).toBeVisible();
  const basketNum = await basketOf(page.context(), site);
  expect(basketNum).toMatch(/^[0-9a-f]{24}$/);
  return basketNum;
}

/** Signs in on the login page with a return target, and waits to arrive there. */
export async function signInTo(
  page: Page,
  account: Account,
  target: string,
  site: string = E2E_SITES.marine,
): Promise<void> {
  await page.goto(`${site}/login/?redirect=${encodeURIComponent(target)}`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new URL(target, site).href);
}

/** Signs in on the login page, which sends a customer on to review order. */
export async function signInToReview(page: Page, account: Account, site: string = E2E_SITES.marine): Promise<void> {
  await signInTo(page, account, '/review-order/', site);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
}

/** Basket, sign-in, and review order with its shipping options loaded. Answers the basket number. */
export async function reviewWithBasket(
  page: Page,
  account: Account,
  addToCart: string,
  site: string = E2E_SITES.marine,
): Promise<string> {
  const basketNum = await basketFor(page, addToCart, site);
  await signInToReview(page, account, site);
  await shippingSettled(page);
  return basketNum;
}

/** Shipping options are shown and no call is running. */
export async function shippingSettled(page: Page): Promise<void> {
  await expect(page.getByRole('group', { name: 'Shipping options' }).getByRole('radio').first()).toBeVisible();
  await expect(page.locator('form.review')).toHaveAttribute('aria-busy', 'false');
}

export function placeOrderButton(page: Page) {
  return page.locator('.review__place').getByRole('button');
}

export async function payByCard(page: Page, cardNumber: string, csv = '123'): Promise<void> {
  const card = page.getByRole('radio', { name: 'Credit or debit card' });
  if (!(await card.isChecked())) await card.check();
  await page.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await page.getByRole('textbox', { name: 'Security code (CVV)' }).fill(csv);
  // Next year: never expired, whatever the month.
  await page.getByRole('combobox', { name: 'Expiry year' }).selectOption(String(new Date().getFullYear() + 1));
}

/** The money text as the page shows it for an amount (en-US dollars). */
export function dollars(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/** Places the order with the wallet and answers the approval page's token. */
export async function toWalletPage(page: Page): Promise<string> {
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await expect(page.getByText('After you place the order you will confirm the payment with PayPal.')).toBeVisible();
  await placeOrderButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approve your payment' })).toBeVisible();
  expect(page.url().startsWith(E2E_API_URL)).toBe(true);
  const token = /\/paypal\/approve\/(EC-[0-9A-F]+)/.exec(page.url())?.[1] ?? '';
  expect(token).toMatch(/^EC-[0-9A-F]{24}$/);
  return token;
}
