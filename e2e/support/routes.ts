import { expect, type Page } from '@playwright/test';
import { ACAI, APPROVED_CARD, basketFor, CUSTOMER, freshCustomer, shippingSettled, type Account } from './checkout';
import { E2E_SITES } from './sites';

/**
 * The pages a shopper reaches, and the states of them that change their layout (errors shown,
 * results found, an order open), each with the steps that bring a fresh browser to it: the route
 * sweep (e2e/route-sweep.spec.ts) walks this one table, so a new page or state is one more row.
 */
export interface ShopperRoute {
  name: string;
  path: string;
  /** Runs in a fresh browser context before the page is opened (a basket, a sign-in). */
  prepare?: (page: Page) => Promise<void>;
  /** Resolves once what the page loads after it opens is on screen, or the state is reached. */
  settled?: (page: Page) => Promise<void>;
  /**
   * The widths it is swept at, when not every one: a state of a page already swept at every width
   * (errors shown, an order open) is checked on the phones, where a longer text overflows first.
   */
  widths?: readonly SweepWidth[];
}

export type SweepWidth = 320 | 390 | 1366;
const PHONES: readonly SweepWidth[] = [320, 390];
/** The narrowest phone alone, where nothing is measured but the fit: for a state reached by acting on the page. */
const NARROWEST: readonly SweepWidth[] = [320];

/** Signs in by the login action, as the plain login form posts it: no page is opened. */
export async function signInByAction(page: Page, account: Account, site = E2E_SITES.marine): Promise<void> {
  const login = await page.request.post(`${site}/login/?_action=session.login`, {
    form: { username: account.email, password: account.password, disableRateLimit: '1' },
    // A form post from the site's own page: Astro refuses one from another origin.
    headers: { origin: site },
    maxRedirects: 0,
  });
  // A signed-in login answers with the next page and the session in its cookies.
  expect(login.status(), `login of ${account.email}`).toBe(303);
}

const withBasket = async (page: Page) => {
  await basketFor(page, '1374449,2;2043,1');
};

/**
 * Places an order of a fresh customer's by card through the site's proxy, as review order does:
 * the answer sets the order record payment success is drawn from.
 */
async function withPlacedOrder(page: Page): Promise<void> {
  const account = await freshCustomer('sweep-order');
  const basket = await basketFor(page, '2043,2');
  await signInByAction(page, account);
  const answer = await page.request.post(`/api/a/user/checkout/${basket}/`, {
    data: {
      payType: 'cc',
      order_notes: '',
      cardNumber: APPROVED_CARD,
      csv: '123',
      exp_month: '12',
      exp_year: String(new Date().getFullYear() + 1),
    },
    headers: { origin: E2E_SITES.marine },
  });
  expect(answer.status(), 'the order is placed').toBe(200);
}

/** Presses the form's primary button with nothing filled in, and waits for its error summary. */
const pressedEmpty = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields' })).toBeVisible();
};

export const SHOPPER_ROUTES: readonly ShopperRoute[] = [
  { name: 'empty cart', path: '/' },
  { name: 'filled cart', path: '/', prepare: withBasket },
  // Spanish words and amounts are the longest a card's column must hold.
  {
    name: 'filled cart in Spanish',
    widths: [320, 1366],
    path: '/es/',
    prepare: withBasket,
    settled: (page) => expect(page.locator('.suggestion').first()).toBeVisible(),
  },
  { name: 'bulk add', path: '/bulk-add-items/' },
  { name: 'sign-in', path: '/signin/', prepare: withBasket },
  { name: 'login', path: '/login/' },
  { name: 'login with errors', widths: PHONES, path: '/login/', settled: pressedEmpty('Log in') },
  { name: 'customer form', path: '/customer-form/?guest=true', prepare: withBasket },
  {
    name: 'customer form with errors',
    widths: PHONES,
    path: '/customer-form/?guest=true',
    prepare: withBasket,
    settled: pressedEmpty('Continue'),
  },
  {
    name: 'customer form with billing, in Spanish',
    widths: PHONES,
    path: '/es/customer-form/?guest=true&billing=1',
    prepare: withBasket,
  },
  {
    name: 'bulk add, parts found and not found',
    widths: NARROWEST,
    path: `/bulk-add-items/?parts=${encodeURIComponent('0437512 2\n0777213 3\nNOPE-404404 1')}`,
    settled: (page) => expect(page.getByRole('status').filter({ hasText: /Looked up 3 of 3/ })).toBeVisible(),
  },
  { name: 'return policy', path: '/return-policy/' },
  { name: 'return policy in Spanish', path: '/es/return-policy/' },
  { name: 'page not found', path: '/no-such-page/' },
  { name: 'page not found in French', path: '/fr/no-such-page/' },
  { name: 'empty cart in Portuguese', path: '/pt/' },
  { name: 'recover password', path: '/recover-password/' },
  { name: 'unsubscribed', path: '/public/subscriptions/unsubscribed/' },
  { name: 'order lookup', path: '/order-info/' },
  { name: 'tracking, nothing entered', path: '/public/tracking/' },
  { name: 'tracking, found', path: '/public/tracking/?trackingNumber=EZ2000000002' },
  { name: 'rating', path: '/public/rate-merchant/?orderno=NjAwMTA4.sQgNKQrizcc4KagI' },
  {
    name: 'review order',
    path: '/review-order/',
    // A customer of its own: review order is where orders are placed, and others place them as CUSTOMER.
    prepare: async (page) => {
      const account = await freshCustomer('review-layout');
      await withBasket(page);
      await signInByAction(page, account);
    },
    settled: shippingSettled,
  },
  { name: 'order history', path: '/order-history/', prepare: (page) => signInByAction(page, ACAI) },
  { name: 'payment success', widths: NARROWEST, path: '/payment-success/', prepare: withPlacedOrder },
  // A seeded order of the customer's, as its history's Invoice opens it.
  {
    name: 'invoice',
    widths: NARROWEST,
    path: '/order-history/invoice/?order=601104',
    prepare: (page) => signInByAction(page, CUSTOMER),
  },
  { name: 'account settings', path: '/account-settings/', prepare: (page) => signInByAction(page, CUSTOMER) },
];
