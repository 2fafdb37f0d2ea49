import { expect, type Page } from '@playwright/test';
import { ACAI, basketFor, CUSTOMER, type Account } from './checkout';

/**
 * The pages a shopper reaches without placing an order, each with the steps that bring a fresh
 * browser to it: the cross-page checks (layout at 390 px, layout shift) and the screenshot
 * gallery walk this one table, so a new page is one more row.
 */
export interface ShopperRoute {
  name: string;
  path: string;
  /** Runs in a fresh browser context before the page is opened (a basket, a sign-in). */
  prepare?: (page: Page) => Promise<void>;
}

/** Signs in through the site's proxy, as the login form's island does: no page is opened. */
export async function signInByProxy(page: Page, account: Account, site?: string): Promise<void> {
  const login = await page.request.post(`${site ?? ''}/api/v2/auth/login/`, {
    data: { tokenPrefix: 'ps', username: account.email, password: account.password, role: 'acai' },
  });
  expect(login.ok(), `login of ${account.email}`).toBe(true);
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
  { name: 'page not found', path: '/no-such-page/' },
  { name: 'order lookup', path: '/order-info/' },
  { name: 'tracking, nothing entered', path: '/public/tracking/' },
  { name: 'tracking, found', path: '/public/tracking/?trackingNumber=EZ2000000002' },
  { name: 'rating', path: '/public/rate-merchant/?orderno=NjAwMTA4.sQgNKQrizcc4KagI' },
  { name: 'order history', path: '/order-history/', prepare: (page) => signInByProxy(page, ACAI) },
  { name: 'account settings', path: '/account-settings/', prepare: (page) => signInByProxy(page, CUSTOMER) },
];
