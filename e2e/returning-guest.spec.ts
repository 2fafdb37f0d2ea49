import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { basketOf, orderByNumber } from './support/checkout';
import { E2E_SITES } from './support/sites';
import { fillShippingAddress, payAndConfirm } from './support/shopper';

// A guest's record belongs to one basket. After a paid order the browser still says "guest", but
// the next basket has no record yet: guest authorization fails, and the shopper is welcomed back to
// the guest form for the new basket, prefilled from the last order, which leads on to a second payment.

/** The page's actions drawn in the primary colour, as a person sees them: the view should have one. */
async function primaryActions(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  const primary = await main
    .getByRole('button', { name: 'Continue' })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
  return main
    .locator('button, a, summary, [role="button"]')
    .evaluateAll(
      (controls, colour) =>
        controls
          .filter((control) => control.checkVisibility() && getComputedStyle(control).backgroundColor === colour)
          .map((control) => (control.textContent ?? '').trim()),
      primary,
    );
}

const STORES = [
  { store: 'marine', site: E2E_SITES.marine, first: '2043,1', second: '15732,2' },
  { store: 'cycle', site: E2E_SITES.cycle, first: '400001,1', second: '400001,2' },
] as const;

for (const { store, site, first, second } of STORES) {
  test(`${store}: a guest who buys, leaves and comes back is welcomed back to their details and goes on with one action`, async ({
    page,
    context,
  }) => {
    // Two whole checkouts and an accessibility check: room for a busy machine.
    test.setTimeout(150_000);
    await page.goto(`${site}/?add-to-cart=${first}`);
    await expect(page.getByRole('spinbutton').first()).toBeVisible();
    const firstBasket = await basketOf(context, site);
    const email = `twice-${store}-${firstBasket.slice(0, 10)}@example.com`;
    await page.getByRole('link', { name: 'Checkout' }).first().click();
    await expect(page).toHaveURL(`${site}/signin/`);
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL(`${site}/customer-form/?guest=true`);
    await fillShippingAddress(page, { firstName: 'Dana', lastName: 'Reyes', email });
    await page.getByRole('button', { name: 'Continue' }).click();
    const firstOrder = await payAndConfirm(page, site);

    // They leave: the tab is closed. Later, in the same browser, they come back for more parts: still
    // a guest, with a new basket that has no guest record yet.
    await page.close();
    const back = await context.newPage();
    await back.goto(`${site}/?add-to-cart=${second}`);
    await expect(back.getByRole('spinbutton').first()).toHaveValue(second.split(',')[1] ?? '');
    const secondBasket = await basketOf(context, site);
    expect(secondBasket).not.toBe(firstBasket);
    await expect(back.getByRole('button', { name: 'Exit guest checkout' })).toBeVisible();
    await back.getByRole('link', { name: 'Checkout' }).first().click();

    // Welcomed back: the details of the last order are filled in, with the reason and no error.
    await expect(back).toHaveURL(`${site}/customer-form/?guest=true`);
    await expect(back.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Dana');
    await expect(
      back.getByText('We filled in the details of your last guest order: check them and continue.'),
    ).toBeVisible();
    await expect(
      back.getByText('Guest details belong to one cart, so this new cart asks you to confirm them.', { exact: true }),
    ).toBeVisible();
    await expect(back.getByText('Guest authorization error')).toHaveCount(0);
    await expect(back.getByRole('textbox', { name: 'First name' })).toHaveValue('Dana');
    await expect(back.getByRole('textbox', { name: 'Last name' })).toHaveValue('Reyes');
    await expect(back.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expect(back.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
    expect(await primaryActions(back)).toEqual(['Continue']);
    await expectAccessible(back, `${store} guest form of a returning guest`);

    // One action and they are on to paying.
    await back.getByRole('button', { name: 'Continue' }).click();
    const secondOrder = await payAndConfirm(back, site);
    expect(secondOrder).not.toBe(firstOrder);

    const order = await orderByNumber(email, secondOrder);
    expect(order.items.map((item) => item.quantity)).toEqual([2]);
    await back.goto(`${site}/`);
    await expect(back.getByText('Your cart is empty.')).toBeVisible();
  });
}

test('after a guest checks out and presses Exit guest checkout, the next person at the machine finds the parts and nothing of theirs', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const site = E2E_SITES.marine;
  await page.goto(`${site}/?add-to-cart=2043,1`);
  await expect(page.getByRole('spinbutton').first()).toBeVisible();
  const basket = await basketOf(context, site);
  const email = `exit-${basket.slice(0, 10)}@example.com`;
  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await fillShippingAddress(page, { firstName: 'Dana', lastName: 'Reyes', email });
  await page.getByRole('button', { name: 'Continue' }).click();
  await payAndConfirm(page, site);
  // A second basket, whose details the guest confirms: it is theirs, with their record, when they exit.
  await page.goto(`${site}/?add-to-cart=15732,2`);
  await expect(page.getByRole('spinbutton').first()).toHaveValue('2');
  const guestBasket = await basketOf(context, site);
  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Dana');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${site}/review-order/`);
  await page.evaluate(() => sessionStorage.setItem('mustBeReloaded', '["shipping"]'));

  await page.getByRole('button', { name: 'Exit guest checkout' }).click();
  await expect(page).toHaveURL(`${site}/signin/`);
  const left = await context.cookies(site);
  for (const name of ['ps_guest', 'ps_session', 'ps_basket_key'])
    expect(
      left.map((cookie) => cookie.name),
      name,
    ).not.toContain(name);
  // The parts stay, in a basket of their own: not the guest's, which holds their details.
  const kept = await basketOf(context, site);
  expect(kept).not.toBe('');
  expect(kept).not.toBe(guestBasket);
  // Sign-in is the one page this browser has been shown since.
  expect(left.find((cookie) => cookie.name === 'ps_target')?.value ?? '/signin/').toBe('/signin/');
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

  // The next person: the cart holds the parts and nothing of the guest's, and their own form starts empty, in a new tab too.
  await page.goto(`${site}/`);
  await expect(page.getByRole('spinbutton').first()).toHaveValue('2');
  expect(await page.content()).not.toContain(email);
  const next = await context.newPage();
  await next.goto(`${site}/customer-form/?guest=true`);
  await expect(next.getByRole('textbox', { name: 'First name' })).toHaveValue('');
  await expect(next.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
  await expect(next.getByText('Guest authorization error')).toHaveCount(0);
  await expect(next.getByRole('heading', { level: 1 })).toHaveText('Customer information');
  expect(await next.content()).not.toContain(email);
  expect(await next.content()).not.toContain('Reyes');
});
