import { expect, test, type Page } from './support/test';
import {
  basketFor,
  CUSTOMER,
  dollars,
  placeOrderButton,
  reviewWithBasket,
  serverBasket,
  shippingSettled,
  signInToReview,
} from './support/checkout';

// Review & pay on a 390 px phone: the primary action stays in reach with the total, and amounts
// are never a $0.00 placeholder (that it fits the screen is the route sweep's; that its lines add
// up, the money journey's).
test.use({ viewport: { width: 390, height: 844 } });

test('review order on a 390 px phone keeps Place order with the total in a sticky bar', async ({ page }) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '1374449,2;2043,1');
  const basket = await serverBasket(basketNum);

  const bar = page.locator('.sticky-bar');
  await expect(bar).toBeInViewport();
  await expect(placeOrderButton(page)).toHaveText(`Place order · ${dollars(basket.ORDER.orderTotal)}`);
  const box = await placeOrderButton(page).boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  // Full width on a phone.
  expect(box?.width).toBeGreaterThan(300);

  // Still in reach after scrolling through the page.
  await page.getByRole('group', { name: 'Payment' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();
});

/** Opens the phone's folded order summary and gives it. */
async function openSummary(page: Page) {
  await page.getByRole('button', { name: 'Show order summary' }).click();
  return page.getByRole('region', { name: 'Order summary' });
}

test('on a phone the order summary comes first, folded under its total, and opens to the lines before payment and Place order', async ({
  page,
}) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '1374449,2;2043,1');
  const basket = await serverBasket(basketNum);
  const toggle = page.getByRole('button', { name: 'Show order summary' });
  await expect(toggle).toBeInViewport();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('summary-bar-total')).toHaveText(dollars(basket.ORDER.orderTotal));
  await expect(page.getByRole('region', { name: 'Order summary' })).toBeHidden();

  const summary = await openSummary(page);
  await expect(page.getByRole('button', { name: 'Hide order summary' })).toHaveAttribute('aria-expanded', 'true');
  await expect(summary.getByRole('row', { name: /Water Pump Impeller/ })).toBeVisible();
  await expect(summary.getByTestId('total')).toHaveText(dollars(basket.ORDER.orderTotal));

  // In reading order: the lines and total, the engine note, then payment, then Place order.
  const order = await page.evaluate(() => {
    const find = (selector: string) => document.querySelector(selector);
    const parts = [
      find('[data-testid=total]'),
      find('textarea[name=order_notes]'),
      find('.review__method'),
      find('.review__place button[type=submit]'),
    ];
    return (
      parts.every(Boolean) &&
      parts.every(
        (part, index) =>
          index === 0 ||
          (parts[index - 1]?.compareDocumentPosition(part as Node) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING,
      )
    );
  });
  expect(order, 'summary, engine note, payment, Place order, in that order').toBe(true);

  await page.getByRole('button', { name: 'Hide order summary' }).click();
  await expect(summary).toBeHidden();
});

test('the server draws the page whole, and while shipping is priced again shipping, tax and total are skeletons, never $0.00', async ({
  page,
}) => {
  const basketNum = await basketFor(page, '2043,1');
  const shippingCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/a/user/shipping/${basketNum}/`)) shippingCalls.push(request.method());
  });
  await signInToReview(page, CUSTOMER);
  await shippingSettled(page);
  // Options and summary came with the page: no skeleton, and the island asked for no shipping.
  await expect(page.locator('.review__skeleton')).toHaveCount(0);
  expect(shippingCalls).toEqual([]);

  const summary = await openSummary(page);
  const options = page.getByRole('group', { name: 'Shipping options' });
  const unchosen = options.getByRole('radio', { checked: false }).first();
  let releaseAgain: () => void = () => undefined;
  const heldAgain = new Promise<void>((resolve) => {
    releaseAgain = resolve;
  });
  await page.route(`**/api/a/user/shipping/${basketNum}/`, async (route) => {
    await heldAgain;
    await route.continue();
  });
  await unchosen.check();
  await expect(summary.getByRole('row', { name: /Water Pump Impeller/ })).toBeVisible();
  for (const id of ['shipping', 'tax', 'total']) {
    await expect(summary.getByTestId(id).locator('.skeleton')).toHaveCount(1);
    await expect(summary.getByTestId(id)).not.toContainText('$0.00');
  }
  await expect(placeOrderButton(page)).toBeDisabled();
  await expect(page.locator('.review__blocker')).toHaveText('Waiting for shipping and tax…');
  releaseAgain();
  await shippingSettled(page);
  await expect(summary.getByTestId('total')).toHaveText(dollars((await serverBasket(basketNum)).ORDER.orderTotal));
  await expect(placeOrderButton(page)).not.toHaveText('Place order');
});

test('review order opens with the card chosen, and a disabled Place order says what is missing', async ({ page }) => {
  await reviewWithBasket(page, CUSTOMER, '2043,1');
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
  await expect(placeOrderButton(page)).toBeDisabled();
  await expect(page.locator('.review__blocker')).toHaveText('Complete the card details to place your order.');
  await expect(placeOrderButton(page)).toHaveAccessibleDescription('Complete the card details to place your order.');
  await page.getByRole('textbox', { name: 'Card number' }).fill('4111111111111111');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4111 1111 1111 1111');
  await expect(page.locator('.review__number img[src="/icons/visa.svg"]')).toBeVisible();
});

/** How many lines each payment method's name takes. */
function paymentTitleLines(page: Page): Promise<number[]> {
  return page
    .locator('.review__method .radio-card__title')
    .evaluateAll((titles) =>
      titles.map((title) =>
        Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)),
      ),
    );
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('each payment method is named on at most two lines, in English and in French', async ({ page }) => {
    await reviewWithBasket(page, CUSTOMER, '1374449,1');
    await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeVisible();
    for (const lines of await paymentTitleLines(page)) expect(lines).toBeLessThanOrEqual(2);

    await page.goto('/fr/review-order/');
    await expect(page.getByRole('radio', { name: 'Carte de crédit ou de débit' })).toBeVisible();
    for (const lines of await paymentTitleLines(page)) expect(lines).toBeLessThanOrEqual(2);
  });
});
