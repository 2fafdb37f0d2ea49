import { expect, type Page } from '@playwright/test';
import { ACAI, basketFor, CUSTOMER, freshCustomer, shippingSettled, type Account } from './checkout';
import { E2E_SITES } from './sites';

/**
 * The pages a shopper reaches without placing an order, each with the steps that bring a fresh
 * browser to it: the route sweep (e2e/route-sweep.spec.ts) walks this one table, so a new page
 * is one more row.
 */
export interface ShopperRoute {
  name: string;
  path: string;
  /** Runs in a fresh browser context before the page is opened (a basket, a sign-in). */
  prepare?: (page: Page) => Promise<void>;
  /** Resolves once what the page loads after it opens is on screen. */
  settled?: (page: Page) => Promise<void>;
}

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

export const SHOPPER_ROUTES: readonly ShopperRoute[] = [
  { name: 'empty cart', path: '/' },
  { name: 'filled cart', path: '/', prepare: withBasket },
  { name: 'bulk add', path: '/bulk-add-items/' },
  { name: 'sign-in', path: '/signin/', prepare: withBasket },
  { name: 'login', path: '/login/' },
  { name: 'customer form', path: '/customer-form/?guest=true', prepare: withBasket },
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
  { name: 'account settings', path: '/account-settings/', prepare: (page) => signInByAction(page, CUSTOMER) },
];
