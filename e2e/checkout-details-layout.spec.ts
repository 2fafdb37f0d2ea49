import { expect, test, type BrowserContext, type Locator, type Page } from './support/test';
import { E2E_API_URL, E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';
import { basketFor } from './support/checkout';

// The checkout's first steps as a shopper sees them on a 390 px phone (that each fits the screen,
// errors shown or not, is the route sweep's).
test.use({ viewport: { width: 390, height: 844 } });

async function withBasket(context: BrowserContext): Promise<void> {
  const response = await context.request.post(`${E2E_API_URL}a/item/1374449/1?store_id=marine`);
  expect(response.ok()).toBe(true);
  const { BASKETNUM } = (await response.json()) as { BASKETNUM: string };
  await context.addCookies([{ name: 'BASKETN', value: String(BASKETNUM), url: E2E_SITES.marine }]);
}

async function expectTarget(button: Locator): Promise<void> {
  const box = await button.boundingBox();
  expect(box, 'the button is laid out').not.toBeNull();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

/** Filled buttons in the page's own content: the view's primary actions. */
function primaries(page: Page): Locator {
  return page.locator('main .button:not(.button--secondary, .button--quiet)');
}

test('sign-in: guest checkout is the one primary action, above the fold, with the step indicator', async ({
  page,
  context,
}) => {
  await withBasket(context);
  await page.goto('/signin/');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Checkout steps' }).locator('[aria-current="step"]')).toContainText(
    'Details',
  );
  const guest = page.getByRole('button', { name: 'Continue as guest' });
  await expect(guest).toBeInViewport({ ratio: 1 });
  await expectTarget(guest);
  await expect(primaries(page)).toHaveCount(1);
  await expect(primaries(page)).toHaveText('Continue as guest');
  await expectTarget(page.getByRole('button', { name: 'Log in' }));
});

test('login: Log in is the one primary action; the password can be shown; an empty form says what to correct', async ({
  page,
}) => {
  await page.goto('/login/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to your account');
  const submit = page.getByRole('button', { name: 'Log in' });
  await expect(primaries(page)).toHaveCount(1);
  await expectTarget(submit);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Secret123');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('Secret123');
  await expectTarget(page.getByRole('button', { name: 'Show password' }));
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields');
});

test('login without JavaScript has no show-password button and a plain password field', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await page.goto('/login/');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);
  await context.close();
});

test('customer form: nothing is flagged before a field is typed in and left', async ({ page, context }) => {
  await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Checkout steps' }).locator('[aria-current="step"]')).toContainText(
    'Details',
  );
  // Tabbing through empty fields is not a mistake.
  await page.getByRole('textbox', { name: 'E-mail' }).focus();
  for (let step = 0; step < 6; step += 1) await page.keyboard.press('Tab');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.locator('.field__error')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/this field is required/i)).toHaveCount(0);
  // A field typed in and left is checked at once, under itself only.
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await email.fill('not-an-address');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Incorrect email address')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('customer form: an invalid field has a visibly different border', async ({ page, context }) => {
  await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  const submit = page.getByRole('button', { name: 'Continue' });
  await expect(primaries(page)).toHaveCount(1);
  await expectTarget(submit);
  await submit.click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields' });
  await expect(summary).toBeFocused();
  // The summary follows the form: e-mail first, then the address from the top.
  await expect(summary.getByRole('listitem').first()).toHaveText('E-mail: This field is required');
  const invalid = page.getByRole('textbox', { name: 'City' });
  const valid = page.getByRole('textbox', { name: 'Company' });
  await expect(invalid).toHaveAttribute('aria-invalid', 'true');
  await expect(valid).not.toHaveAttribute('aria-invalid', 'true');
  const border = (field: Locator) => field.evaluate((element) => getComputedStyle(element).borderTopColor);
  expect(await border(invalid)).not.toBe(await border(valid));
});

test('customer form: from 600 px city, state and ZIP share one row', async ({ page, context }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  const top = async (field: Locator) => (await field.boundingBox())?.y;
  const city = await top(page.getByRole('textbox', { name: 'City' }));
  expect(city).toBeDefined();
  expect(await top(page.getByRole('combobox', { name: 'State' }))).toBe(city);
  expect(await top(page.getByRole('textbox', { name: 'ZIP code' }))).toBe(city);
});

test.describe('the details step at a desktop width', () => {
  test.use({ viewport: { width: 1366, height: 900 }, javaScriptEnabled: false });

  test('shows what is being bought beside the form, with shipping and tax left to the next step, without JavaScript', async ({
    page,
  }) => {
    await basketFor(page, '1374449,2;2043,1');
    await page.goto('/customer-form/?guest=true');
    const summary = page.getByRole('complementary').getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('row')).toHaveCount(3);
    await expect(summary.getByRole('row', { name: /Water Pump Impeller/ })).toBeVisible();
    await expect(summary.getByTestId('item-count')).toHaveText('3');
    await expect(summary.getByTestId('shipping')).toHaveText('Calculated on the next step');
    await expect(summary.getByTestId('tax')).toHaveText('Calculated on the next step');
    await expect(summary.getByTestId('total')).toHaveCount(0);
    // Beside the form, not under it.
    const form = await page.getByRole('heading', { level: 1, name: 'Customer information' }).boundingBox();
    const aside = await summary.boundingBox();
    expect(aside?.x ?? 0).toBeGreaterThan((form?.x ?? 0) + 400);
    expect(aside?.y ?? 1000).toBeLessThan(300);
  });
});
