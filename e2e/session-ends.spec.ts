import { expect, test } from './support/test';
import { basketFor, CUSTOMER, signInTo } from './support/checkout';
import { asThisCustomer, fault } from './support/faults';
import { E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';
import { cookieOf, expiredToken, logInHere, unexpiredForgedToken } from './support/shopper';

// How a session ends decides what stays: a session that died on its own never blocks a public
// page and keeps the basket; a chosen logout leaves nothing of the cart for the next person.

const STORES = [
  { store: 'marine', site: E2E_SITES.marine, product: '2043' },
  { store: 'cycle', site: E2E_SITES.cycle, product: '400001' },
] as const;

for (const { store, site, product } of STORES) {
  test(`${store}: an add-to-cart link with an expired session adds the item, says "You were logged out" and keeps the basket`, async ({
    page,
    context,
  }) => {
    await basketFor(page, `${product},1`, site);
    const name = (await page.locator('.cart-line__name').first().textContent()) ?? '';
    const basketNum = await cookieOf(context, site, 'BASKETN');
    await signInTo(page, CUSTOMER, '/order-history/', site);
    // A page without islands: no call of the history page can meet the dead tokens below and end the session first.
    await page.goto(`${site}/return-policy/`);
    // The access token has expired and its refresh token is no longer accepted.
    await context.addCookies([
      { name: 'ps_access', value: expiredToken(), url: site, httpOnly: true, sameSite: 'Strict' },
      { name: 'ps_refresh', value: 'revoked-refresh-token', url: site, httpOnly: true, sameSite: 'Strict' },
    ]);

    await page.goto(`${site}/?add-to-cart=${product},2`);
    await expect(page).toHaveURL(`${site}/?logOut=true`);
    await expect(page.getByText('You were logged out')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    // The one line now holds the earlier item and the two just added.
    await expect(page.getByRole('spinbutton')).toHaveValue('3');
    expect(await cookieOf(context, site, 'BASKETN')).toBe(basketNum);
    expect(await cookieOf(context, site, 'ps_access')).toBeUndefined();

    // Logging in again continues with the same basket; the old notice does not follow.
    await page.getByRole('link', { name: 'Log in' }).click();
    await logInHere(page, CUSTOMER);
    await expect(page).toHaveURL(`${site}/review-order/`);
    await expect(page.getByRole('region', { name: 'Order summary' }).getByRole('row', { name })).toContainText('3');
    await expect(page.getByText('You were logged out')).toHaveCount(0);
  });
}

test('a session that ends under a public page keeps the shopper on it, says so there and keeps the basket', async ({
  page,
  context,
}) => {
  const site = E2E_SITES.marine;
  await signInTo(page, CUSTOMER, '/order-history/', site);
  await page.goto(`${site}/return-policy/`);
  // An access token the store API refuses though it has not expired (the page guard lets it pass),
  // and a refresh token it no longer accepts: the first island call that carries them ends the session.
  await context.addCookies([
    { name: 'ps_access', value: unexpiredForgedToken(), url: site, httpOnly: true, sameSite: 'Strict' },
    { name: 'ps_refresh', value: 'revoked-refresh-token', url: site, httpOnly: true, sameSite: 'Strict' },
  ]);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).pathname);
  });

  await page.goto(`${site}/?add-to-cart=2043,3`);
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  await expect(page.getByText('You were logged out')).toBeVisible();
  await expect.poll(() => cookieOf(context, site, 'ps_refresh')).toBeUndefined();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(navigations.filter((path) => path.startsWith('/login/'))).toEqual([]);
  await expect(page.getByRole('spinbutton')).toHaveValue('3');
  expect(await cookieOf(context, site, 'BASKETN')).toBeTruthy();
});

for (const how of ['spoiled', 'deleted'] as const) {
  test(`a cart edit after the session's cookies were ${how} is kept, says once that the session ended and draws Log in`, async ({
    page,
    context,
  }) => {
    const site = E2E_SITES.marine;
    await basketFor(page, '2043,1', site);
    await signInTo(page, CUSTOMER, '/', site);
    await hydrated(page);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    if (how === 'spoiled') {
      await context.addCookies([
        { name: 'ps_access', value: unexpiredForgedToken(), url: site, httpOnly: true, sameSite: 'Strict' },
        { name: 'ps_refresh', value: 'revoked-refresh-token', url: site, httpOnly: true, sameSite: 'Strict' },
      ]);
    } else {
      for (const name of ['ps_access', 'ps_refresh', 'ps_session']) await context.clearCookies({ name });
    }

    const quantity = page.getByRole('spinbutton');
    await quantity.fill('4');
    await quantity.press('Tab');
    await expect(page.getByText('You were logged out')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await expect(quantity).toHaveValue('4');
    await page.reload();
    await expect(page.getByRole('spinbutton')).toHaveValue('4');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });
}

test('logout on a shared computer: the next person at it finds an empty cart', async ({ page, context }) => {
  await basketFor(page, '2043,1');
  await signInTo(page, CUSTOMER, '/');
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  await page.getByText('Account menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/\?logOut=true&redirect=%2F$/);
  expect(await cookieOf(context, E2E_SITES.marine, 'BASKETN')).toBeUndefined();

  // The next person opens the cart.
  await page.goto('/');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('a failed logout says so once; the next logout and login return to the page without the old notice', async ({
  page,
  context,
}) => {
  await signInTo(page, CUSTOMER, '/bulk-add-items/');
  await fault({ method: 'POST', path: '^/v2/auth/logout/?$', headers: await asThisCustomer(context), status: 500 });
  await page.getByText('Account menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/bulk-add-items\/\?logoutFailed=1$/);
  await expect(page.getByRole('alert').filter({ hasText: 'User was not logged out' })).toBeVisible();

  await page.getByText('Account menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/\?logOut=true&redirect=%2Fbulk-add-items%2F$/);
  await logInHere(page, CUSTOMER);
  await expect(page).toHaveURL(/\/bulk-add-items\/$/);
  await expect(page.getByText('User was not logged out')).toHaveCount(0);
});
