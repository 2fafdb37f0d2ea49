import { expect, test, type Page } from './support/test';
import {
  api,
  APPROVED_CARD,
  basketFor,
  freshCustomer,
  payByCard,
  placeOrderButton,
  reviewWithBasket,
} from './support/checkout';
import { hydrated } from './support/islands';

// What the invoice, the order history and the lookup say about one order: the country in the
// shopper's language, the phone written for reading, the shipping service by its translated name,
// and one order date, the store's day in Mountain Time.

/** The order's compact UTC timestamp as the store keeps it, read back by e-mail and shown number. */
async function orderedAt(email: string, shownNumber: string): Promise<string> {
  const answer = await api<{ orderno: { date_ordered: string } }[]>(
    'GET',
    `v2/orders/history/guest?email=${encodeURIComponent(email)}&order_no=${encodeURIComponent(shownNumber)}`,
  );
  expect(answer.status).toBe(200);
  const compact = answer.body[0]?.orderno.date_ordered ?? '';
  expect(compact).toMatch(/^\d{14}$/);
  return compact;
}

/** The day an order was placed, as the store's pages must write it: the UTC instant read in Salt Lake City. */
function storeDay(intl: string, compact: string): string {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(compact) ?? [];
  const instant = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  return new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'America/Denver' }).format(instant);
}

const fact = (scope: ReturnType<Page['locator']>, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

test('a customer pays, and invoice, history and lookup name the country, phone, service and date alike, in English and Spanish', async ({
  page,
}) => {
  const account = await freshCustomer('invoice');
  await reviewWithBasket(page, account, '2043,1');
  const shipping = page.getByRole('region', { name: 'Shipping address' });
  await expect(shipping).toContainText('United States');
  await expect(shipping).toContainText('(801) 555-0142');

  await payByCard(page, APPROVED_CARD);
  await placeOrderButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const facts = page.locator('.invoice__facts');
  const orderNumber = (await fact(facts, 'Order number').textContent())?.trim() ?? '';
  const compact = await orderedAt(account.email, orderNumber);
  const date = storeDay('en-US', compact);
  await expect(fact(facts, 'Order number')).toHaveText(orderNumber);
  await expect(fact(facts, 'Order date')).toHaveText(date);
  await expect(page.getByText("Dates are in the store's time zone, Mountain Time (Salt Lake City).")).toBeVisible();
  for (const title of ['Bill to', 'Ship to']) {
    const address = page.locator('.invoice__address').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(address).toContainText('Salt Lake City, UT 84111United States(801) 555-0142');
  }
  await expect(page.locator('.invoice__totals dt').filter({ hasText: /^Shipping/ })).toHaveText('Shipping (Standard)');
  await expect(page.locator('main')).not.toContainText('US^');
  await expect(page.locator('main')).not.toContainText('(standard)');

  // The same invoice read in Spanish.
  await page.goto('/es/payment-success/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fact(page.locator('.invoice__facts'), 'Fecha del pedido')).toHaveText(storeDay('es-ES', compact));
  await expect(page.locator('.invoice__address').first()).toContainText('Estados Unidos(801) 555-0142');
  await expect(page.locator('.invoice__totals dt').filter({ hasText: /^Envío/ })).toHaveText('Envío (Estándar)');

  // One return policy: the invoice states the terms of the footer's dialog and of the policy page, word for word.
  const invoiceTerms = await page.locator('.invoice__returns li').allTextContents();
  expect(invoiceTerms).toHaveLength(6);
  expect(await page.locator('#return-policy-dialog li').allTextContents()).toEqual(invoiceTerms);
  await page.goto('/es/return-policy/');
  expect(await page.locator('main .return-policy li').allTextContents()).toEqual(invoiceTerms);

  // The order history shows the invoice's date and service.
  await page.goto('/order-history/');
  await hydrated(page);
  const entry = page.getByRole('article', { name: `Order ${orderNumber}`, exact: true });
  await expect(fact(entry.locator('dl'), 'Ordered on')).toHaveText(date);
  await expect(fact(entry.locator('dl'), 'Shipping')).toHaveText('Standard');
  await expect(fact(entry.locator('dl'), 'Ship to')).toHaveText(/Salt Lake City, UT 84111, United States$/);

  // And so does the lookup by e-mail and number.
  await page.goto(`/order-info/?email=${encodeURIComponent(account.email)}&order_no=${orderNumber}`);
  const found = page.getByRole('article', { name: `Order ${orderNumber}`, exact: true });
  await expect(fact(found.locator('dl'), 'Ordered on')).toHaveText(date);
  await expect(fact(found.locator('dl'), 'Shipping')).toHaveText('Standard');
});

test('a guest in French ships to Germany: review order and invoice say Allemagne, the phone as entered, and the service by its name', async ({
  page,
}) => {
  const basketNum = await basketFor(page, '2043,1');
  const email = `allemagne-${basketNum.slice(0, 10)}@example.com`;
  await page.goto('/fr/signin/');
  await page.getByRole('button', { name: "Continuer en tant qu'invité" }).click();
  await expect(page).toHaveURL(/\/fr\/customer-form\/\?guest=true$/);
  await hydrated(page);

  await page.getByRole('textbox', { name: 'Prénom' }).fill('Lena');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Vogel');
  await page.getByRole('combobox', { name: 'Pays' }).selectOption({ label: 'Allemagne' });
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Unter den Linden 77');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Berlin');
  await page.getByRole('textbox', { name: 'État ou région' }).fill('Berlin');
  await page.getByRole('textbox', { name: 'Code postal', exact: true }).fill('10117');
  await page.getByRole('textbox', { name: 'Téléphone' }).fill('+49 30  2261 0');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continuer' }).click();

  await expect(page).toHaveURL(/\/fr\/review-order\/$/);
  await expect(page.getByRole('group', { name: 'Options de livraison' }).getByRole('radio').first()).toBeVisible();
  await expect(page.locator('form.review')).toHaveAttribute('aria-busy', 'false');
  const shipping = page.getByRole('region', { name: 'Adresse de livraison' });
  await expect(shipping).toContainText('Allemagne');
  await expect(shipping).toContainText('+49 30 2261 0');
  await expect(shipping).not.toContainText('DE');

  const card = page.getByRole('radio', { name: 'Carte de crédit ou de débit' });
  if (!(await card.isChecked())) await card.check();
  await page.getByRole('textbox', { name: 'Numéro de carte' }).fill(APPROVED_CARD);
  await page.getByRole('textbox', { name: 'Code de sécurité (CVV)' }).fill('123');
  await page.getByRole('combobox', { name: "Année d'expiration" }).selectOption(String(new Date().getFullYear() + 1));
  await placeOrderButton(page).click();

  await expect(page).toHaveURL(/\/fr\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Votre commande a bien été reçue' })).toBeVisible();
  const orderNumber = (await fact(page.locator('.invoice__facts'), 'Numéro de commande').textContent())?.trim() ?? '';
  const compact = await orderedAt(email, orderNumber);
  await expect(fact(page.locator('.invoice__facts'), 'Date de commande')).toHaveText(storeDay('fr-FR', compact));
  const shipTo = page.locator('.invoice__address').filter({ has: page.getByRole('heading', { name: 'Livrer à' }) });
  await expect(shipTo).toContainText('Berlin, Berlin 10117Allemagne+49 30 2261 0');
  await expect(page.locator('.invoice__totals dt').filter({ hasText: /^Livraison/ })).toHaveText(
    /^Livraison \(International (économique|prioritaire)\)$/,
  );

  // The guest finds the order by e-mail and number, with the same date and country.
  await page.goto(`/fr/order-info/?email=${encodeURIComponent(email)}&order_no=${orderNumber}`);
  const found = page.getByRole('article', { name: `Commande ${orderNumber}`, exact: true });
  await expect(fact(found.locator('dl'), 'Commandée le')).toHaveText(storeDay('fr-FR', compact));
  await expect(fact(found.locator('dl'), 'Livrer à')).toHaveText(
    'Lena Vogel, Unter den Linden 77, Berlin, Berlin 10117, Allemagne',
  );
});
