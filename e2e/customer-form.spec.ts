import { expect, test, type BrowserContext, type Page } from './support/test';
import { injectFault } from './support/faults';
import { E2E_API_URL, E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';
import { basketKeyOf, withBasket } from './support/checkout';

test('without a basket the form sends the shopper to the cart', async ({ page }) => {
  await page.goto('/customer-form/');
  await expect(page).toHaveURL(`${E2E_SITES.marine}/`);
});

test('Spanish: Canada shows its provinces, Germany a free-text region; fields carry autocomplete tokens', async ({
  page,
  context,
}) => {
  await withBasket(context);
  await page.goto('/es/customer-form/?guest=true');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
  const shipping = page.getByRole('group', { name: 'Dirección de envío' });
  await expect(shipping.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute(
    'autocomplete',
    'shipping given-name',
  );
  await expect(shipping.getByRole('textbox', { name: 'Código postal (ZIP)' })).toHaveAttribute(
    'autocomplete',
    'shipping postal-code',
  );
  const country = shipping.getByRole('combobox', { name: 'País' });
  await expect(country).toHaveValue('US^United States');
  await expect(
    shipping.getByRole('combobox', { name: 'Estado' }).getByRole('option', { name: 'Armed Forces Pacific' }),
  ).toHaveCount(1);
  await country.selectOption({ label: 'Canadá' });
  const province = shipping.getByRole('combobox', { name: 'Provincia' });
  await expect(province.getByRole('option', { name: 'Ontario' })).toHaveCount(1);
  await province.selectOption('QC');
  await country.selectOption({ label: 'Alemania' });
  const region = shipping.getByRole('textbox', { name: 'Estado o región' });
  await expect(region).toHaveValue('');
  await region.fill('Bayern');
  await expect(shipping.getByRole('textbox', { name: 'Código postal', exact: true })).toBeVisible();
});

test('French: billing=1 opens the billing block and scrolls to it', async ({ page, context }) => {
  await withBasket(context);
  await page.goto('/fr/customer-form/?guest=true&billing=1');
  await hydrated(page);
  const billing = page.getByRole('group', { name: 'Adresse de facturation' });
  await expect(billing).toBeVisible();
  await expect(billing).toBeInViewport();
  await expect(page.getByRole('checkbox', { name: 'Mon adresse de facturation est différente' })).toBeChecked();
  await expect(billing.getByRole('textbox', { name: 'Ville' })).toHaveAttribute(
    'autocomplete',
    'billing address-level2',
  );
});

test('English: failed validation lists the errors and moves focus to the list', async ({ page, context }) => {
  await withBasket(context);
  await page.goto('/customer-form/');
  await hydrated(page);
  await page.getByRole('textbox', { name: 'First name' }).fill('R2D2');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('123');
  await page.getByRole('button', { name: 'Create account' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('First name: Only letters, space, hyphen and dot symbols are allowed');
  await expect(summary).toContainText('ZIP code: Too short');
  await expect(summary).toContainText('Confirm password: This field is required');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
  // Each problem once under its field (besides the summary line); the address check does not repeat it.
  const city = page.getByRole('textbox', { name: 'City' });
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field', { has: city }).locator('.field__error')).toHaveText('This field is required');
  const check = page.getByRole('region', { name: 'Address validation' });
  await expect(check).not.toContainText('this field is required');
  await expect(check).toContainText("We'll check the address once it's complete");
  await expect(check.getByRole('button')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('100 Main St');
  await city.fill('Springfield');
  await page.getByRole('combobox', { name: 'State' }).selectOption('IL');
  await expect(page.getByText('Too short', { exact: true })).toHaveCount(1);
  // With the rest of the address complete, the check says why it cannot run, in the spec's words,
  // instead of offering a button that would do nothing.
  await expect(check).toContainText('ZIP: too short');
  await expect(check.getByRole('button')).toHaveCount(0);
});

test('Portuguese: a server error on submit keeps every field', async ({ page, context }) => {
  const basketNum = await withBasket(context);
  await injectFault('POST', `^/a/guest/${basketNum}/?$`, 503);
  await page.goto('/pt/customer-form/?guest=true');
  await hydrated(page);
  const shipping = page.getByRole('group', { name: 'Endereço de entrega' });
  const values: Array<[string, string]> = [
    ['Nome', 'Ana'],
    ['Sobrenome', 'Souza'],
    ['Empresa', 'Barcos Ltda'],
    ['Endereço', '100 Main St'],
    ['Apartamento, sala, complemento', 'Sala 2'],
    ['Cidade', 'Springfield'],
    ['CEP (ZIP)', '62701'],
    ['Telefone', '2175550100'],
    ['E-mail', 'ana.souza@example.com'],
  ];
  for (const [name, value] of values) await page.getByRole('textbox', { name, exact: true }).fill(value);
  await shipping.getByRole('combobox', { name: 'Estado' }).selectOption('IL');
  await page.getByRole('checkbox', { name: 'Receber descontos por e-mail' }).uncheck();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'injected fault 503' })).toBeVisible();
  await expect(page).toHaveURL(/\/pt\/customer-form\//);
  for (const [name, value] of values) await expect(page.getByRole('textbox', { name, exact: true })).toHaveValue(value);
  await expect(shipping.getByRole('combobox', { name: 'Estado' })).toHaveValue('IL');
  await expect(page.getByRole('checkbox', { name: 'Receber descontos por e-mail' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
});

const SPRINGFIELD = { street: '100 Main St', city: 'Springfield', state: 'IL', zip: '62701' };

async function fillShipping(page: Page, email: string, place = SPRINGFIELD): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill(place.street);
  await page.getByRole('textbox', { name: 'City' }).fill(place.city);
  await page.getByRole('combobox', { name: 'State' }).selectOption(place.state);
  await page.getByRole('textbox', { name: 'ZIP code' }).fill(place.zip);
  await page.getByRole('textbox', { name: 'Phone' }).fill('2175550100');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
}

test('guest: from the cart to the form to review, and back in guest edit mode', async ({ page, context }) => {
  const basketNum = await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  await fillShipping(page, `guest-${basketNum.slice(0, 8)}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  // The form flags address, shipping and basket; review order reads them fresh and clears the flags.
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('Springfield');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('mustBeReloaded') ?? 'null') as unknown))
    .toEqual([]);
  await page.goto('/customer-form/?edit=true');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('IL');
});

test('account creation signs the customer in and returns in Save mode', async ({ page, context }) => {
  const basketNum = await withBasket(context);
  await page.goto('/customer-form/');
  await hydrated(page);
  await fillShipping(page, `new-${basketNum.slice(0, 8)}-${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Secret123');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'ps_access')?.httpOnly).toBe(true);
  await page.goto('/customer-form/?edit=true');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
});

interface GuestRecord {
  shippingData: { address1?: string; city: string; state: string; zip: string; address_verified?: number };
}

async function guestRecord(context: BrowserContext, basketNum: string): Promise<GuestRecord> {
  // The guest record is the basket owner's only: read it with this browser's basket key.
  const key = await basketKeyOf(context);
  const response = await context.request.get(`${E2E_API_URL}a/guest/${basketNum}`, {
    headers: { 'x-basket-key': key },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as GuestRecord;
}

test('a city and state that do not match the ZIP are corrected with the suggestions, then the guest goes on to review', async ({
  page,
  context,
}) => {
  const basketNum = await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  await fillShipping(page, `suggest-${basketNum.slice(0, 8)}@example.com`, {
    street: '100 Main St',
    city: 'Chicago',
    state: 'MO',
    zip: '62701',
  });
  const check = page.getByRole('region', { name: 'Address validation' });
  // One card: the address as the check would correct it, with both corrections at once.
  await expect(check).toContainText('Did you mean this address?');
  await expect(check).toContainText('100 Main St, Springfield, IL 62701');
  await expect(check.getByRole('listitem')).toHaveText(['Invalid city/state/ZIP']);
  await expect(check.getByRole('button', { name: 'Keep as entered' })).toBeVisible();

  await check.getByRole('button', { name: 'Use suggested' }).click();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('IL');
  // The address is checked again with the corrections and found valid: a short line, no box left.
  await expect(check.getByRole('status')).toHaveText('Address is valid');
  await expect(check.getByRole('listitem')).toHaveCount(0);
  await expect(check.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  const saved = await guestRecord(context, basketNum);
  expect(saved.shippingData).toMatchObject({ city: 'Springfield', state: 'IL', zip: '62701', address_verified: 2 });
});

test('an address the validator cannot find is confirmed by the shopper as entered and the checkout continues', async ({
  page,
  context,
}) => {
  const basketNum = await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  const check = page.getByRole('region', { name: 'Address validation' });
  await fillShipping(page, `confirm-${basketNum.slice(0, 8)}@example.com`, {
    street: '100 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '99999',
  });
  await expect(check).toContainText("We couldn't verify this address");
  await expect(check.getByRole('listitem')).toHaveText(['Address not found']);
  await expect(check.getByRole('button', { name: /^Use / })).toHaveCount(0);
  await expect(check.getByRole('button', { name: 'Check again' })).toBeVisible();

  await check.getByRole('button', { name: 'Keep as entered' }).click();
  await expect(check.getByRole('status')).toHaveText('Address kept as entered');
  await expect(check.getByRole('button', { name: 'Keep as entered' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('99999');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  const saved = await guestRecord(context, basketNum);
  expect(saved.shippingData).toMatchObject({ city: 'Springfield', state: 'IL', zip: '99999', address_verified: 1 });
});

test('a street without a house number stops Continue until the shopper keeps it as entered', async ({
  page,
  context,
}) => {
  const basketNum = await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  const check = page.getByRole('region', { name: 'Address validation' });
  await fillShipping(page, `house-${basketNum.slice(0, 8)}@example.com`, { ...SPRINGFIELD, street: 'Main Street' });
  await expect(check.getByRole('listitem')).toHaveText(['House number is missing']);

  await page.getByRole('button', { name: 'Continue' }).click();
  const stopped = page.getByRole('alert').filter({ hasText: 'Check the shipping address' });
  await expect(stopped).toBeVisible();
  await expect(stopped).toBeFocused();
  await expect(page).toHaveURL(/\/customer-form\/\?guest=true$/);

  await check.getByRole('button', { name: 'Keep as entered' }).click();
  await expect(stopped).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  const saved = await guestRecord(context, basketNum);
  expect(saved.shippingData).toMatchObject({ address1: 'Main Street', address_verified: 1 });
});

test('a ZIP shorter than 4 characters is named by the address check, with no button that could do nothing', async ({
  page,
  context,
}) => {
  await withBasket(context);
  await page.goto('/customer-form/?guest=true');
  await hydrated(page);
  const check = page.getByRole('region', { name: 'Address validation' });
  await fillShipping(page, 'short-zip@example.com', { ...SPRINGFIELD, zip: '627' });
  await expect(check.getByRole('status')).toHaveText('ZIP: too short');
  await expect(check.getByRole('button')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('62701');
  await expect(check.getByRole('status')).toHaveText('Address is valid');
});
