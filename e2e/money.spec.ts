import { expect, test, type Locator, type Page } from './support/test';
import {
  APPROVED_CARD,
  basketFor,
  freshCustomer,
  payByCard,
  placeOrderButton,
  shippingSettled,
  signInToReview,
} from './support/checkout';
import { hydrated } from './support/islands';

// Unit prices with fractions of a cent (the reference store's fixture products, store-api/README.md)
// from the add-to-cart link to the receipt, in English and Spanish: every amount is whole cents, a
// line reads "N × unit" only where that is its total, the lines add up to the subtotal, and a line's
// total is the same on every page.

/** 3 × 58.455 = 175.365 and 3 × 7.7425 = 23.2275 do not multiply out in cents; 1 × 24.31 does. */
const LINK = '990001,3;990002,3;990003,2;2043,1';
/**
 * 175.365 + 23.2275 + 6.6666 + 24.31 = 229.5691, charged 229.57: each line rounded alone would add up
 * to 229.58, so the cent is taken from the line that rounded up the least (175.365).
 */
const CHARGED = { '9900001': '175.36', '9900002': '23.23', '6E5-99003-00-00': '6.67', '6E5-44352-01-00': '24.31' };
const SUBTOTAL = '229.57';
/** The three of 9900001 as every page words them, in English or Spanish: the quantity for the line total. */
const THREE_FOR_TOTAL = /^3 (for \$175\.36|por 175,36\sUS\$)$/;
/** An amount written with fractions of a cent, in English ("$58.455") or Spanish ("58,455 US$"). */
const FRACTIONS_OF_A_CENT = /\$\d{1,3}(,\d{3})*\.\d{3,}|\d,\d{3,}\sUS\$/;

/** Every amount the page shows: two fraction digits, in its machine value and in its text. */
async function expectWholeCents(page: Page, scope: Locator): Promise<void> {
  const prices = scope.locator('data.price');
  expect(await prices.count()).toBeGreaterThan(0);
  for (const price of await prices.all()) {
    expect(await price.getAttribute('value')).toMatch(/^-?\d+\.\d{2}$/);
    expect(await price.textContent()).toMatch(/[.,]\d{2}(?!\d)\D*$/);
  }
  expect(await scope.innerText(), page.url()).not.toMatch(FRACTIONS_OF_A_CENT);
}

/** The machine value of each line's total, by SKU. */
async function lineTotals(rows: Locator, total: string): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const [sku] of Object.entries(CHARGED)) {
    const row = rows.filter({ hasText: sku });
    await expect(row).toHaveCount(1);
    shown[sku] = (await row.locator(`${total} data.price`).getAttribute('value')) ?? '';
  }
  return shown;
}

/** The machine value of the subtotal a page shows in `cell`. */
async function subtotal(cell: Locator): Promise<string | null> {
  return cell.locator('data.price').getAttribute('value');
}

async function cartPage(page: Page): Promise<Record<string, string>> {
  await hydrated(page);
  const lines = page.locator('.cart-line');
  await expect(lines).toHaveCount(4);
  await expectWholeCents(page, page.locator('main'));
  // No multiplication where the store's total is not quantity × the rounded unit: the quantity for the total.
  await expect(lines.filter({ hasText: '9900001' }).locator('.cart-line__unit')).toHaveText(THREE_FOR_TOTAL);
  await expect(lines.filter({ hasText: '6E5-44352-01-00' }).locator('.cart-line__unit')).toContainText('1 ×');
  expect(await subtotal(page.locator('main').getByTestId('subtotal').first())).toBe(SUBTOTAL);
  return lineTotals(lines, '.cart-line__total');
}

async function reviewPage(page: Page): Promise<Record<string, string>> {
  // In any language: the shipping options are shown and no call is running.
  await expect(page.locator('form.review input[type="radio"]').first()).toBeVisible();
  await expect(page.locator('form.review')).toHaveAttribute('aria-busy', 'false');
  const rows = page.locator('.review__summary tbody tr');
  await expectWholeCents(page, page.locator('main'));
  await expect(rows.filter({ hasText: '9900001' }).getByTestId('line-quantity')).toHaveText(THREE_FOR_TOTAL);
  await expect(rows.filter({ hasText: '6E5-44352-01-00' }).getByTestId('line-quantity')).toContainText('1 ×');
  expect(await subtotal(page.locator('.review__summary').getByTestId('subtotal'))).toBe(SUBTOTAL);
  return lineTotals(rows, '[data-testid="line-total"]');
}

async function receiptPage(page: Page): Promise<Record<string, string>> {
  const rows = page.locator('.invoice__items tbody tr');
  await expect(rows).toHaveCount(4);
  await expectWholeCents(page, page.locator('main'));
  // Where quantity × your price is not the extended price, your price is the quantity for the line's total.
  await expect(rows.filter({ hasText: '9900001' }).locator('td').nth(4).locator('data')).toHaveAttribute(
    'value',
    CHARGED['9900001'],
  );
  expect(await subtotal(page.locator('.invoice__totals dd').first())).toBe(SUBTOTAL);
  await expect(rows.filter({ hasText: '6E5-44352-01-00' }).locator('td').nth(4).locator('data')).toHaveAttribute(
    'value',
    '24.31',
  );
  return lineTotals(rows, '.invoice__ext');
}

test('prices with fractions of a cent read in whole cents, and alike, on cart, review and receipt, in English and Spanish', async ({
  page,
}) => {
  // Three pages in two languages and a checkout: more steps than a usual journey.
  test.slow();
  const account = await freshCustomer('money');
  await basketFor(page, LINK);
  expect(await cartPage(page)).toEqual(CHARGED);
  await expect(page.locator('.cart-line').filter({ hasText: '9900001' }).locator('.cart-line__total data')).toHaveText(
    '$175.36',
  );
  await page.goto('/es/');
  expect(await cartPage(page)).toEqual(CHARGED);
  await expect(page.locator('.cart-line').filter({ hasText: '9900001' }).locator('.cart-line__total data')).toHaveText(
    /^175,36\sUS\$$/,
  );

  await signInToReview(page, account);
  expect(await reviewPage(page)).toEqual(CHARGED);
  await page.goto('/es/review-order/');
  expect(await reviewPage(page)).toEqual(CHARGED);
  // Subtotal: 175.365 + 23.2275 + 6.6666 + 24.31 = 229.5691, rounded up once.
  await expect(page.locator('.review__summary').getByTestId('subtotal')).toHaveText(/^229,57\sUS\$$/);

  await page.goto('/review-order/');
  await shippingSettled(page);
  await payByCard(page, APPROVED_CARD);
  await placeOrderButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  expect(await receiptPage(page)).toEqual(CHARGED);
  const yourPrice = page.locator('.invoice__items tbody tr').filter({ hasText: '9900001' }).locator('td').nth(4);
  await expect(yourPrice).toHaveText(THREE_FOR_TOTAL);
  await page.goto('/es/payment-success/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await receiptPage(page)).toEqual(CHARGED);
});
