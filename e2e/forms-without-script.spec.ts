import { parse } from 'devalue';
import { expect, test, type BrowserContext, type Page } from './support/test';
import { E2E_API_URL, E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';
import { basketKeyOf, withBasket } from './support/checkout';

// The forms that carry personal data post, with or without JavaScript: a visitor without it, or
// one who submits before the page's island or script has loaded, gets the same outcome as with it,
// and nothing typed reaches the address bar or a cookie.

/** The page as it is before its islands run: their scripts are held back for as long as the journey lasts. */
async function withoutIslandScripts(page: Page): Promise<void> {
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, () => new Promise<void>(() => undefined));
}

/** Opens a page as it arrives: a held page script holds the document's load event back for good. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
}

async function expectNothingTypedKept(page: Page, context: BrowserContext, typed: readonly string[]): Promise<void> {
  const cookies = JSON.stringify(await context.cookies());
  for (const text of typed) {
    expect(page.url()).not.toContain(encodeURIComponent(text));
    expect(page.url()).not.toContain(text);
    expect(cookies).not.toContain(encodeURIComponent(text));
    expect(cookies).not.toContain(text);
  }
}

async function fillGuest(page: Page, email: string, street = '100 Main St'): Promise<void> {
  // The shipping block by name: the page is acted on as it arrives, and until its stylesheet applies
  // the billing block's fields, which it hides, are in the page too.
  const shipping = page.getByRole('group', { name: 'Shipping address' });
  await shipping.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await shipping.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill(street);
  await shipping.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await shipping.getByRole('combobox', { name: 'State' }).selectOption('IL');
  await shipping.getByRole('textbox', { name: 'ZIP code' }).fill('62701');
  await shipping.getByRole('textbox', { name: 'Phone' }).fill('2175550100');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
}

const ways = [
  { name: 'without JavaScript', javaScriptEnabled: false },
  { name: 'before the page script has loaded', javaScriptEnabled: true },
] as const;

for (const way of ways) {
  test.describe(`customer form, ${way.name}`, () => {
    test.use({ javaScriptEnabled: way.javaScriptEnabled });

    test('a new account with passwords that do not match shows translated errors and keeps all but the passwords', async ({
      page,
      context,
    }) => {
      await withBasket(context);
      if (way.javaScriptEnabled) await withoutIslandScripts(page);
      await open(page, '/es/customer-form/');
      // The shipping block by name, as in fillGuest: the hidden billing block's fields are in the page too.
      const shipping = page.getByRole('group', { name: 'Dirección de envío' });
      await shipping.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana');
      await shipping.getByRole('textbox', { name: 'Ciudad' }).fill('Springfield');
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('ana.nojs@example.com');
      await page.getByLabel('Contraseña', { exact: true }).fill('Secreto-123');
      await page.getByLabel('Confirmar contraseña').fill('Otro-456');
      await page.getByLabel('Confirmar contraseña').press('Enter');

      await expect(page).toHaveURL(/\/es\/customer-form\/\?_action=customerForm\.submit$/);
      const summary = page.getByRole('alert').filter({ hasText: 'Corrija los campos marcados' });
      await expect(summary).toBeVisible();
      await expect(summary).toContainText('Apellidos');
      await expect(shipping.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('Ana');
      await expect(shipping.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Springfield');
      await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('ana.nojs@example.com');
      await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('');
      await expect(page.getByLabel('Confirmar contraseña')).toHaveValue('');
      await expectNothingTypedKept(page, context, ['Secreto-123', 'Otro-456', 'ana.nojs@example.com']);
    });

    test('a guest who fills the form goes on to review, and the details are saved', async ({ page, context }) => {
      const basketNum = await withBasket(context);
      if (way.javaScriptEnabled) await withoutIslandScripts(page);
      await open(page, '/customer-form/?guest=true');
      const email = `nojs-${basketNum.slice(0, 8)}@example.com`;
      await fillGuest(page, email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/review-order\/$/);
      // Drawn by the server, read without script; nothing in it can be typed or posted, card numbers above all.
      await expect(page.getByRole('region', { name: 'Shipping address' })).toBeVisible();
      await expect(page.locator('form.review').locator('input, select, textarea, [type=submit]')).not.toHaveCount(0);
      await expect(
        page.locator('form.review').locator('input:enabled, select:enabled, textarea:enabled, [type=submit]:enabled'),
      ).toHaveCount(0);
      await expectNothingTypedKept(page, context, [email]);
      const guest = await context.request.get(`${E2E_SITES.marine}/customer-form/?edit=true`);
      expect(await guest.text()).toContain(email);
    });

    test("the server's address check stops a street without a house number until the shopper keeps it as entered", async ({
      page,
      context,
    }) => {
      const basketNum = await withBasket(context);
      if (way.javaScriptEnabled) await withoutIslandScripts(page);
      await open(page, '/customer-form/?guest=true');
      await fillGuest(page, `nojs-house-${basketNum.slice(0, 8)}@example.com`, 'Main Street');
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect(page).toHaveURL(/\/customer-form\/\?guest=true&_action=customerForm\.submit$/);
      const check = page.getByRole('region', { name: 'Address validation' });
      await expect(check.getByRole('listitem')).toHaveText(['House number is missing']);
      await expect(page.getByRole('alert').filter({ hasText: 'Check the shipping address' })).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'Shipping address' }).getByRole('textbox', { name: 'Address', exact: true }),
      ).toHaveValue('Main Street');

      await check.getByRole('button', { name: 'Keep as entered' }).click();
      await expect(page).toHaveURL(/\/review-order\/$/);
      const guest = await context.request.get(`${E2E_API_URL}a/guest/${basketNum}`, {
        headers: { 'x-basket-key': await basketKeyOf(context) },
      });
      expect(await guest.json()).toMatchObject({ shippingData: { address1: 'Main Street', address_verified: 1 } });
    });
  });
}

// Cancellations change seeded orders of the shared store API: each journey has an order of its own.
const cancellations = [
  { way: ways[0], account: { email: 'acai@example.com', password: 'Acai12345!' }, number: '601201' },
  { way: ways[1], account: { email: 'customer@example.com', password: 'Customer123!' }, number: 'S10046' },
] as const;

for (const way of ways) {
  test.describe(`order lookup, ${way.name}`, () => {
    test.use({ javaScriptEnabled: way.javaScriptEnabled });

    test('a guest finds an order by e-mail and number, and neither reaches the address bar', async ({
      page,
      context,
    }) => {
      if (way.javaScriptEnabled) await withoutIslandScripts(page);
      // The page's script, held back, holds its load back too: the form is used as it arrives.
      await page.goto('/order-info/', { waitUntil: 'commit' });
      await page.getByRole('textbox', { name: 'E-mail address' }).fill('nobody@example.com');
      await page.getByRole('textbox', { name: 'Order number' }).fill('12a');
      await page.getByRole('button', { name: 'Find order' }).click();
      // Refused by the form's rules: nothing was looked up, the typed values stay.
      await expect(page.getByText('Must be numeric value')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('nobody@example.com');

      await page.getByRole('textbox', { name: 'E-mail address' }).fill('guest@example.com');
      await page.getByRole('textbox', { name: 'Order number' }).fill('601301');
      await page.getByRole('button', { name: 'Find order' }).click();
      await expect(page).toHaveURL(/\/order-info\/\?_action=orders\.lookup$/);
      const found = page.getByRole('article', { name: 'Order 601301', exact: true });
      await expect(found).toBeVisible();
      // A guest's order is priced from its invoice; the invoice page itself is a signed-in customer's.
      await expect(found.getByText('Subtotal', { exact: true })).toBeVisible();
      await expect(found.getByRole('link', { name: /Invoice for order/ })).toHaveCount(0);
      await expectNothingTypedKept(page, context, ['guest@example.com', '601301']);
    });
  });
}

for (const { way, account, number } of cancellations) {
  test.describe(`order cancellation, ${way.name}`, () => {
    test.use({ javaScriptEnabled: way.javaScriptEnabled });

    test('an order is cancelled from the history, which comes back with the outcome on that order', async ({
      page,
    }) => {
      if (way.javaScriptEnabled) await withoutIslandScripts(page);
      // The login page's script, held back, holds its load back too: the form is used as it arrives.
      await page.goto('/order-history/', { waitUntil: 'commit' });
      await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/order-history\/$/);
      const entry = page.getByRole('article', { name: `Order ${number}`, exact: true });
      await entry.locator('.order__summary').click();
      await expect(entry.locator('.badge')).toHaveText('Pending');
      await entry.locator('.order__cancel-fold > summary').click();

      // Another reason without its note: nothing is sent, and the order's form says what is missing.
      await entry.getByRole('radio', { name: 'Other reason' }).check();
      await entry.getByRole('button', { name: 'Request cancellation' }).click();
      await expect(page).toHaveURL(/\/order-history\/\?_action=orders\.cancel$/);
      await expect(entry.getByText('Please tell us why you want to cancel this order.')).toBeVisible();
      await expect(entry.getByRole('radio', { name: 'Other reason' })).toBeChecked();
      await expect(entry.locator('.badge')).toHaveText('Pending');

      await entry.getByRole('textbox', { name: 'Tell us more' }).fill('Ordered it twice');
      await entry.getByRole('button', { name: 'Request cancellation' }).click();
      await expect(entry.getByRole('status')).toHaveText(
        'Cancellation requested. You will receive a confirmation e-mail within the next business day.',
      );
      // Drawn again from the store: a pending order is cancelled at once.
      await expect(entry.locator('.badge')).toHaveText('Cancelled');
      await expect(entry.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/order-history\/\?_action=orders\.cancel$/);
    });
  });
}

test("a customer's cancel post for another account's order is refused and changes nothing", async ({ page }) => {
  await page.goto('/login/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('customer@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Customer123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login\//);
  // S10047 is the acai account's order.
  const answer = await page.request.post('/_actions/orders.cancel/', {
    multipart: { order: 'S10047', reason: 'ordered_by_mistake', note: '' },
    headers: { origin: E2E_SITES.marine },
  });
  expect(answer.ok()).toBe(true);
  expect((parse(await answer.text()) as { progress: { state: string } }).progress.state).toBe('error');
  const orders = await page.request.get(
    `${E2E_API_URL}v2/orders/history/guest?email=acai%40example.com&order_no=S10047`,
    {
      headers: { 'x-disable-rate-limit': '1' },
    },
  );
  expect(JSON.stringify(await orders.json())).toContain('awaiting_shipment');
});

test('a planted basket key is ignored: the guest checks out under a key of their own, which the planter cannot use', async ({
  page,
  context,
}) => {
  const basketNum = await withBasket(context);
  const planted = `planted-${basketNum.slice(0, 8)}-0123456789`;
  await context.addCookies([{ name: 'ps_basket_key', value: planted, url: E2E_SITES.marine, httpOnly: true }]);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  const email = `planted-${basketNum.slice(0, 8)}@example.com`;
  await fillGuest(page, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  const key = (await context.cookies()).find((cookie) => cookie.name === 'ps_basket_key')?.value ?? '';
  expect(key).not.toBe(planted);
  expect(key.startsWith(`${planted}.`)).toBe(false);
  // Whoever planted the key cannot read the guest's details with it.
  const stolen = await context.request.get(`${E2E_API_URL}a/guest/${basketNum}`, {
    headers: { 'x-basket-key': planted },
  });
  expect(stolen.ok()).toBe(false);
  expect(await stolen.text()).not.toContain(email);
});
