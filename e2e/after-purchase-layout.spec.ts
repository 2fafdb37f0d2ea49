import { expect, test, type Locator } from './support/test';
import {
  APPROVED_CARD,
  CUSTOMER,
  freshCustomer,
  payByCard,
  placeOrderButton,
  reviewWithBasket,
} from './support/checkout';
import { hydrated } from './support/islands';

// The pages after a purchase on a 390 px phone: the main actions are thumb-sized, the invoice's
// lines stack into cards, and the history opens one order at a time. That each page fits the screen
// is the route sweep's; that a line adds up, the money units' and the money journey's.
test.use({ viewport: { width: 390, height: 844 } });

async function thumbSized(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

test('payment success on a phone: thanks, Track order first, an invoice stacked into cards', async ({ page }) => {
  const account = await freshCustomer('phone-invoice');
  await reviewWithBasket(page, account, '2043,2');
  await payByCard(page, APPROVED_CARD);
  await placeOrderButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await expect(page.getByText(/^Thank you, .+!$/)).toBeVisible();
  await expect(page.locator('.payment__facts dt:text-is("Confirmation sent to") + dd')).toHaveText(account.email);
  await expect(page.locator('.payment__facts dt:text-is("Estimated delivery") + dd')).not.toBeEmpty();
  // The receipt says how it was paid, above and on the printable invoice.
  await expect(page.locator('.payment__facts dt:text-is("Paid with") + dd')).toHaveText('Credit or debit card');
  await expect(page.locator('.invoice__facts dt:text-is("Paid with") + dd')).toHaveText('Credit or debit card');
  const track = page.getByRole('button', { name: 'Track order' });
  await thumbSized(track);
  const number = (await page.locator('.payment__number').textContent())?.trim() ?? '';
  // It posts the order's lookup, so the e-mail never reaches an address.
  await expect(page.locator('form.payment__track input[name="email"]')).toHaveValue(account.email);
  await expect(page.locator('form.payment__track input[name="order_no"]')).toHaveValue(number);

  // Each line is a card on a phone, every cell of it visible.
  const rows = page.locator('.invoice__items tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    await expect(row).toHaveCSS('display', 'block');
    for (const cell of await row.locator('td').all()) await expect(cell).toBeVisible();
  }

  // The invoice folds and opens again; printing shows it whole, without the site's chrome.
  const summary = page.locator('.invoice__summary');
  await summary.click();
  await expect(page.locator('details.invoice')).not.toHaveAttribute('open', '');
  await summary.click();
  await expect(page.locator('details.invoice')).toHaveAttribute('open', '');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.payment__actions')).toBeHidden();
  await expect(page.locator('body > header').first()).toBeHidden();
  await expect(page.locator('.invoice__items')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Track order finds the order.
  await track.click();
  await expect(page.getByRole('article', { name: `Order ${number}`, exact: true })).toBeVisible();
  expect(page.url()).not.toContain(encodeURIComponent(account.email));
});

test('order history on a phone: folded rows that open onto tracking, Buy again and a quiet cancel', async ({
  page,
}) => {
  await page.goto('/order-history/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/order-history\/$/);
  await hydrated(page);
  const entries = page.locator('.orders__list > li');
  await expect(entries.first()).toBeVisible();
  // Folded: a compact list, no line shown until a row is opened.
  await expect(page.locator('.order__items:visible')).toHaveCount(0);
  const rowHeight = (await entries.first().boundingBox())?.height ?? 0;
  expect(rowHeight).toBeLessThan(130);

  // A shipped order: its tracking number and a thumb-sized way to the package.
  const shipped = page.getByRole('article', { name: 'Order 601107', exact: true });
  await shipped.locator('.order__summary').click();
  await expect(shipped.locator('td[data-label="Tracking"] a').first()).toBeVisible();
  const trackPackage = shipped.getByRole('link', { name: /^Track package/ }).first();
  await thumbSized(trackPackage);
  await expect(trackPackage).toHaveAttribute('href', /\/public\/tracking\/\?trackingNumber=/);

  // A pending order: cancel is a quiet text action inside the details.
  const pending = page.getByRole('article', { name: 'Order 601101', exact: true });
  await pending.locator('.order__summary').click();
  const cancel = pending.locator('.order__cancel-fold > summary');
  if ((await cancel.count()) > 0) await expect(cancel).toHaveClass(/\bbutton--quiet\b/);

  // Buy again opens bulk add with the order's parts filled in and looked up.
  const buyAgain = shipped.getByRole('link', { name: /^Buy again/ }).first();
  await thumbSized(buyAgain);
  const href = (await buyAgain.getAttribute('href')) ?? '';
  const parts = new URL(href, 'http://site.invalid').searchParams.get('parts') ?? '';
  expect(parts).toMatch(/^\S+ \d+/);
  await buyAgain.click();
  await expect(page).toHaveURL(/\/bulk-add-items\/\?/);
  // The island looks the parts up once it is awake: the found card is the proof.
  await expect(page.getByLabel('Part numbers', { exact: false }).or(page.locator('#bulk-text'))).toHaveValue(parts);
  await expect(page.locator('.bulk__results > li').first()).toBeVisible();
});

test('order lookup opens the one order found, and the rating stars are thumb-sized radios', async ({ page }) => {
  await page.goto('/order-info/?email=guest%40example.com&order_no=601301');
  await hydrated(page);
  await expect(page.getByRole('article', { name: 'Order 601301', exact: true })).toBeVisible();
  // One looked-up order is shown open.
  await expect(page.locator('.order__details')).toHaveAttribute('open', '');
  await thumbSized(page.getByRole('button', { name: 'Find order' }));

  await page.goto('/public/rate-merchant/?orderno=NjAwMzAy.VwW3UWrPS-ZxZFpB');
  const stars = page.locator('.rating__star');
  await expect(stars).toHaveCount(5);
  for (const star of await stars.all()) await thumbSized(star);
  await thumbSized(page.getByRole('button', { name: 'Send review' }));
  // The stars are the radio group: the keyboard moves the choice, and the star shows it.
  await page.getByRole('radio', { name: '5 of 5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
  // The fill eases in and out (a short transition): the stars are read until they have settled.
  const fillOf = (index: number) =>
    stars
      .nth(index)
      .locator('svg')
      .evaluate((svg) => getComputedStyle(svg).fill);
  await expect
    .poll(async () => {
      const [filled, empty] = await Promise.all([fillOf(3), fillOf(4)]);
      return filled !== empty;
    }, 'the fourth star is filled and the fifth is not')
    .toBe(true);
});
