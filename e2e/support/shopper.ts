import { expect, type BrowserContext, type Page } from '@playwright/test';
import { api, APPROVED_CARD, payByCard, placeOrderButton, shippingSettled, type Account } from './checkout';
import { hydrated } from './islands';

/** Shopper steps shared by the session journeys: accounts of their own, the address form, paying. */

/** A subscriber account of its own (newsletter sign-up: no address, role subscriber). */
export async function freshSubscriber(label: string): Promise<Account> {
  const email = `${label}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const password = 'Subscribe12!';
  const answer = await api<{ user: { role: string } }>('POST', 'v2/customers/subscribers', {
    fname: 'Sky',
    lname: 'Harbor',
    email,
    password,
    passwordConfirm: password,
  });
  expect(answer.status).toBe(200);
  expect(answer.body.user.role).toBe('subscriber');
  return { email, password };
}

/** Logs in on the login page as it is, without a return target. */
export async function logInHere(page: Page, account: Account): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export interface ShippingPerson {
  firstName: string;
  lastName: string;
  /** Left alone when undefined (prefilled by the store). */
  email?: string;
}

/** Types a real US shipping address into the customer form once its island has woken up. */
export async function fillShippingAddress(page: Page, person: ShippingPerson): Promise<void> {
  await hydrated(page);
  await page.getByRole('textbox', { name: 'First name' }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('100 Main St');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('combobox', { name: 'State' }).selectOption('IL');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('62701');
  await page.getByRole('textbox', { name: 'Phone' }).fill('2175550100');
  if (person.email !== undefined) await page.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
}

/** On review order: pays by approved card and answers the order number shown on payment success. */
export async function payAndConfirm(page: Page, site: string): Promise<string> {
  await expect(page).toHaveURL(`${site}/review-order/`);
  await shippingSettled(page);
  await payByCard(page, APPROVED_CARD);
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(`${site}/payment-success/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const orderNumber =
    (await page.locator('.invoice__facts dt:text-is("Order number") + dd').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^\d+$/);
  return orderNumber;
}

/** Opens the signed-in menu of the header and follows one of its links. */
export async function openAccountMenuLink(
  page: Page,
  name: 'Cart' | 'Order history' | 'Account settings',
): Promise<void> {
  await page.getByText('Account menu').click();
  // The menu's own link: the header's cart button is a link named Cart too.
  await page.locator('#account-menu').getByRole('link', { name, exact: true }).click();
}

export async function cookieOf(context: BrowserContext, site: string, name: string): Promise<string | undefined> {
  return (await context.cookies(site)).find((entry) => entry.name === name)?.value;
}

/** A JWT-shaped access token good for an hour by its expiry, whose signature the store API refuses. */
export function unexpiredForgedToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
}

/** A JWT-shaped access token that expired long ago; the site reads only its expiry before refreshing. */
export function expiredToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: 1000 })}.c2ln`;
}
