import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';
import { basketFor, orderByNumber } from './support/checkout';
import { E2E_SITES } from './support/sites';
import { fillShippingAddress, freshSubscriber, logInHere, openAccountMenuLink, payAndConfirm } from './support/shopper';

// A newsletter subscriber has an account but no address and may not order yet. Completing the
// customer form makes them a customer (the update answers a new session), and every page of the
// signed-in menu then opens.

const STORES = [
  { store: 'marine', site: E2E_SITES.marine, product: '2043,1' },
  { store: 'cycle', site: E2E_SITES.cycle, product: '400001,1' },
] as const;

for (const { store, site, product } of STORES) {
  test(`${store}: a subscriber completes the customer form, becomes a customer and pays`, async ({ page }) => {
    // Two whole checkouts or a checkout and an accessibility check: room for a busy machine.
    test.setTimeout(90_000);
    const subscriber = await freshSubscriber(`subscriber-${store}`);
    await basketFor(page, product, site);

    await page.goto(`${site}/login/`);
    await logInHere(page, subscriber);
    await expect(page).toHaveURL(`${site}/customer-form/`);
    await expect(page.getByText('Complete your shipping details to finish your account')).toBeVisible();

    // The menu's customer pages lead to the form that makes a customer, not to a login loop.
    await openAccountMenuLink(page, 'Order history');
    await expect(page).toHaveURL(`${site}/customer-form/?redirect=%2Forder-history%2F`);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(subscriber.email);
    await expectAccessible(page, `${store} customer form of a subscriber`);
    await fillShippingAddress(page, { firstName: 'Sky', lastName: 'Harbor' });
    // The answer is read as it passes: the page moves on at once, and a body is gone after navigation.
    let answered: (body: string) => void = () => undefined;
    const update = new Promise<string>((resolve) => (answered = resolve));
    await page.route(`${site}/_actions/customerForm.submit**`, async (route) => {
      const response = await route.fetch();
      answered(await response.text());
      return route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Save' }).click();
    // The new session lands in httpOnly cookies; the page learns only who it now is.
    const answer = await Promise.race([
      update,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('Save sent no customer form update within 30 s')), 30_000),
      ),
    ]);
    expect(answer).not.toMatch(/token/i);
    const cookies = await page.context().cookies(site);
    expect(decodeURIComponent(cookies.find((cookie) => cookie.name === 'ps_session')?.value ?? '')).toContain(
      '"role":"customer"',
    );
    const tokens = cookies.filter((cookie) => /ps_(access|refresh)$/.test(cookie.name));
    expect(tokens).toHaveLength(2);
    expect(tokens.every((cookie) => cookie.httpOnly)).toBe(true);
    await expect(page).toHaveURL(`${site}/order-history/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();

    await openAccountMenuLink(page, 'Cart');
    await page.getByRole('link', { name: 'Checkout' }).first().click();
    const orderNumber = await payAndConfirm(page, site);
    const order = await orderByNumber(subscriber.email, orderNumber);
    expect(order.items).toHaveLength(1);

    await openAccountMenuLink(page, 'Account settings');
    await expect(page).toHaveURL(`${site}/account-settings/`);
    await expect(page.getByText(subscriber.email)).toBeVisible();
  });
}

test("a subscriber's Checkout goes through the customer form to review order instead of round the cart", async ({
  page,
}) => {
  const subscriber = await freshSubscriber('subscriber-checkout');
  await page.goto('/login/');
  await logInHere(page, subscriber);
  // No basket yet: the customer form sends the visitor on to the cart.
  await expect(page).toHaveURL(`${E2E_SITES.marine}/`);
  await basketFor(page, '15732,1', E2E_SITES.marine);
  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await expect(page).toHaveURL(/\/customer-form\/\?redirect=%2Freview-order%2F$/);
  await fillShippingAddress(page, { firstName: 'Sky', lastName: 'Harbor' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(
    page.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /Spark Plug/ }),
  ).toBeVisible();
});
