import { expect, test } from './support/test';
import { APPROVED_CARD, basketFor, freshCustomer, orderHistory, serverBasket, signInTo } from './support/checkout';
import { E2E_SITES } from './support/sites';

test('with purchases blocked the review page shows only the migration message', async ({ page }) => {
  await page.goto(`${E2E_SITES.blocked}/login/`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('customer@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Customer123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${E2E_SITES.blocked}/review-order/`);
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'go to the new shop checkout' })).toBeVisible();
  // Checkout spec §2: the migration notice carries a contact link too.
  const notice = page.getByRole('main').getByRole('status');
  await expect(notice.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
    'href',
    /\/contact_us\.html#contact-form$/,
  );
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await expect(page.locator('astro-island')).toHaveCount(0);
});

test('the review page sends a visitor without a basket to the cart, and an anonymous one with a basket to sign in', async ({
  page,
}) => {
  // Checkout spec §4: the basket is asked for before the visitor.
  await page.goto('/review-order/');
  await expect(page).toHaveURL(/\/$/);
  await basketFor(page, '2043,1');
  await page.goto('/review-order/');
  await expect(page).toHaveURL(/\/signin\/\?redirect=%2Freview-order%2F$/);
});

// A page left open from before the switch, or a hand-made call: the proxy itself refuses every
// step of buying, whatever the page shows, and nothing is ordered.
test("with purchases blocked the proxy refuses shipping, checkout and wallet calls with the migration message, in the shopper's language", async ({
  page,
}) => {
  const account = await freshCustomer('blocked');
  const basketNum = await basketFor(page, '2043,1', E2E_SITES.blocked);
  await signInTo(page, account, '/', E2E_SITES.blocked);
  await expect(page.getByRole('spinbutton')).toHaveValue('1');

  const year = new Date().getFullYear() + 1;
  const card = {
    payType: 'cc',
    order_notes: '',
    cardNumber: APPROVED_CARD,
    csv: '123',
    exp_month: '01',
    exp_year: String(year),
  };
  const calls = [
    { method: 'POST', path: `/api/a/user/shipping/${basketNum}/`, body: {} },
    { method: 'POST', path: `/api/a/shipping/${basketNum}/`, body: { serviceLevel: '04' } },
    { method: 'POST', path: `/api/a/user/checkout/${basketNum}/`, body: card },
    { method: 'POST', path: `/api/a/checkout/${basketNum}/`, body: card },
    {
      method: 'POST',
      path: `/api/a/user/checkout/${basketNum}/`,
      body: { payType: 'pp', order_notes: '', siteOrigin: E2E_SITES.blocked },
    },
    { method: 'GET', path: '/api/paypal/approve/EC-0123456789ABCDEF01234567/' },
  ];
  const send = () =>
    page.evaluate(async (list) => {
      const answers: { path: string; status: number; body: unknown }[] = [];
      for (const call of list) {
        const response = await fetch(call.path, {
          method: call.method,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          ...('body' in call ? { body: JSON.stringify(call.body) } : {}),
        });
        answers.push({ path: call.path, status: response.status, body: (await response.json()) as unknown });
      }
      return answers;
    }, calls);

  for (const answer of await send()) {
    expect(answer, answer.path).toEqual({
      path: answer.path,
      status: 403,
      body: {
        message: 'Purchases are paused while we move to a new system. Please continue in our new shop.',
        purchasesBlocked: true,
      },
    });
  }
  // The wallet's confirmation is the server's own (payment success), never the proxy's.
  expect(
    await page.evaluate(
      async (path) =>
        (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
      '/api/a/paypal/EC-0123456789ABCDEF01234567/',
    ),
  ).toBe(404);
  // The basket itself stays the shopper's to read.
  expect(await page.evaluate(async (path) => (await fetch(path)).status, `/api/a/basket/${basketNum}/`)).toBe(200);

  await page.goto(`${E2E_SITES.blocked}/?language_id=es`);
  await expect(page).toHaveURL(`${E2E_SITES.blocked}/es/`);
  for (const answer of await send()) {
    expect([answer.path, answer.status, (answer.body as { message: string }).message]).toEqual([
      answer.path,
      403,
      'Las compras están en pausa mientras nos trasladamos a un nuevo sistema. Continúe en nuestra nueva tienda.',
    ]);
  }

  const basket = await serverBasket(basketNum);
  expect(basket.ORDER.ordered).toBeFalsy();
  expect(await orderHistory(account)).toHaveLength(0);
});
