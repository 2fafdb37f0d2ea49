import { expect, test, type Page } from './support/test';
import { E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';
import { withBasket } from './support/checkout';

// On a slow phone a shopper types before the page's island has woken, then taps the button once it
// has: what the page shows is what the island checks and sends (no "required" under a filled field,
// no button that stays disabled over a valid form).

/** Holds the page's island scripts back until `release` is called. */
async function islandScriptsHeld(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await hydrated(page);
  };
}

test("order lookup: an e-mail and number typed before the page's script ran find the order with one tap", async ({
  page,
}) => {
  const wake = await islandScriptsHeld(page);
  // A page script holds the document's load back while it waits: the page is used as soon as it arrives.
  await page.goto('/es/order-info/', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('guest@example.com');
  await page.getByRole('textbox', { name: 'Número de pedido' }).fill('601301');
  await wake();
  await page.waitForLoadState('domcontentloaded');
  const find = page.getByRole('button', { name: 'Buscar pedido' });
  await expect(find).toBeEnabled();
  await find.click();
  const found = page.getByRole('article', { name: 'Pedido 601301', exact: true });
  await expect(found).toBeVisible();
  await expect(found.getByText('Subtotal', { exact: true })).toBeVisible();
  // The form posted its fields in the body: the address the shopper keeps is the page's own, and the fields keep them.
  await expect(page).toHaveURL(/\/es\/order-info\/$/);
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('guest@example.com');
});

test("recover password: an e-mail typed before the page's script ran is sent with one tap", async ({ page }) => {
  const wake = await islandScriptsHeld(page);
  // A page script holds the document's load back while it waits: the page is used as soon as it arrives.
  await page.goto('/recover-password/', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'E-mail' }).fill('customer@example.com');
  await wake();
  await page.waitForLoadState('domcontentloaded');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toContainText('Request sent');
});

test('customer form: a guest who filled it before the page woke goes on to review with those details', async ({
  page,
  context,
}) => {
  const basketNum = await withBasket(context);
  const wake = await islandScriptsHeld(page);
  // The support launcher's held script holds the document's load back: the page is used as it arrives.
  await page.goto('/customer-form/?guest=true', { waitUntil: 'commit' });
  const email = `early-${basketNum.slice(0, 8)}@example.com`;
  await page.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('100 Main St');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('62701');
  await page.getByRole('textbox', { name: 'Phone' }).fill('2175550100');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await wake();
  // A choice made once the page is awake, as a shopper's last field would be.
  await page.getByRole('combobox', { name: 'State' }).selectOption('IL');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  const guest = await context.request.get(`${E2E_SITES.marine}/customer-form/?edit=true`);
  const saved = await guest.text();
  expect(saved).toContain(email);
  expect(saved).toContain('Springfield');
});

test('bulk add: a manufacturer and parts chosen before the page woke are what Find looks up', async ({ page }) => {
  const wake = await islandScriptsHeld(page);
  // The support launcher's held script holds the document's load back: the page is used as it arrives.
  await page.goto('/bulk-add-items/', { waitUntil: 'commit' });
  // Yamaha (10), not the store's first manufacturer: a part of Yamaha's is found only there.
  await page.getByLabel('Manufacturer').selectOption('10');
  await page.getByLabel('Part numbers').fill('6E5-44352-01-00 2');
  await wake();
  await expect(page.getByLabel('Manufacturer')).toHaveValue('10');
  await page.getByRole('button', { name: 'Find products' }).click();
  await expect(page.getByLabel('Quantity of 6E5-44352-01-00')).toHaveValue('2');
});

test('bulk add: Find pressed before the page woke opens the page with the list, which it then looks up', async ({
  page,
}) => {
  const wake = await islandScriptsHeld(page);
  // The support launcher's held script holds the document's load back: the page is used as it arrives.
  await page.goto('/bulk-add-items/', { waitUntil: 'commit' });
  await page.getByLabel('Manufacturer').selectOption('10');
  await page.getByLabel('Part numbers').fill('6E5-44352-01-00 2');
  await page.getByRole('button', { name: 'Find products' }).click();
  await expect(page).toHaveURL(/\/bulk-add-items\/\?mfg=10&parts=6E5-44352-01-00\+2$/);
  await expect(page.getByLabel('Part numbers')).toHaveValue('6E5-44352-01-00 2');
  await wake();
  await expect(page.getByLabel('Quantity of 6E5-44352-01-00')).toHaveValue('2');
});
