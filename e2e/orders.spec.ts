import { expect, test, type Locator, type Page } from './support/test';

const CUSTOMER = { email: 'customer@example.com', password: 'Customer123!' };
const ACAI = { email: 'acai@example.com', password: 'Acai12345!' };

// Cancellations change seeded orders in the shared database: one order per test, one test at a time.
test.describe.configure({ mode: 'serial' });

async function openHistory(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/order-history/');
  await expect(page).toHaveURL(/\/login\/\?redirect=%2Forder-history%2F$/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/order-history\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
}

function order(page: Page, number: string) {
  return page.getByRole('article', { name: `Order ${number}`, exact: true });
}

/** The history lists orders folded: opens one (a click on its row) to reach its lines and actions. */
async function unfold(entry: Locator): Promise<Locator> {
  const details = entry.locator('.order__details');
  if ((await details.getAttribute('open')) === null) await entry.locator('.order__summary').click();
  await expect(details).toHaveAttribute('open', '');
  return entry;
}

/** "Cancel order N": the fold that holds the order's cancel form. */
function cancelFold(entry: Locator, name: string | RegExp = /^Cancel order/): Locator {
  return entry.locator('.order__cancel-fold > summary', { hasText: name });
}

/** Presses the order's Request cancellation: the form posts, and the history comes back drawn after it. */
async function requestCancellation(page: Page, entry: Locator, name = 'Request cancellation'): Promise<void> {
  const posted = page.waitForResponse(
    (response) => response.url().includes('_action=orders.cancel') && response.request().method() === 'POST',
  );
  await entry.getByRole('button', { name }).click();
  expect((await posted).status()).toBe(200);
  await expect(page).toHaveURL(/\/order-history\/$/);
}

async function placedCount(page: Page, range: string): Promise<number> {
  const count = page.getByText(new RegExp(`^\\d+ orders? placed in ${range}$`));
  await expect(count).toBeVisible();
  return Number(/^\d+/.exec((await count.textContent()) ?? '')?.[0]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the range form asks the server for the past year, and its address names the range', async ({ page }) => {
    await page.goto('/order-history/');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(ACAI.email);
    await page.getByLabel('Password', { exact: true }).fill(ACAI.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/order-history\/$/);
    const inMonth = await placedCount(page, 'the past month');
    await expect(order(page, '601204')).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Show orders from' }).selectOption({ label: 'The past year' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/\/order-history\/\?range=year$/);
    await expect(page.getByText(`${inMonth + 1} orders placed in the past year`)).toBeVisible();
    await expect(order(page, '601204')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Show orders from' })).toHaveValue('year');

    // A range the page does not know is the past month.
    await page.goto('/order-history/?range=%3Cb%3Eweek');
    await expect(page.getByText(`${inMonth} orders placed in the past month`)).toBeVisible();
  });
});

test('the past month leaves out an order of five weeks ago, the past year shows it, and nothing older than 60 days ever shows', async ({
  page,
}) => {
  await openHistory(page, ACAI);
  const range = page.getByRole('combobox', { name: 'Show orders from' });
  await expect(range).toHaveValue('month');
  const inMonth = await placedCount(page, 'the past month');
  await expect(order(page, '601201')).toBeVisible();
  await expect(order(page, 'S10047')).toBeVisible();
  await expect(order(page, '601204')).toHaveCount(0);
  await expect(order(page, '601205')).toHaveCount(0);

  // With the page's script, a range chosen is asked for at once: no Show to press.
  await expect(page.getByRole('button', { name: 'Show', exact: true })).toBeHidden();
  await range.selectOption({ label: 'The past year' });
  await expect(page).toHaveURL(/\/order-history\/\?range=year$/);
  await expect(page.getByText(`${inMonth + 1} orders placed in the past year`)).toBeVisible();
  await expect(range).toHaveValue('year');
  await expect(order(page, '601204')).toBeVisible();
  await expect(order(page, '601205')).toHaveCount(0);

  await range.selectOption({ label: 'All time' });
  await expect(page).toHaveURL(/\/order-history\/\?range=all$/);
  await expect(page.getByText(`${inMonth + 1} orders placed in all time`)).toBeVisible();
  await expect(order(page, '601204')).toBeVisible();
  await expect(order(page, '601205')).toHaveCount(0);
  await expect(
    page.getByText('Orders older than 60 days are not found here. Contact us if you need one of them.'),
  ).toBeVisible();
});

test('older delivered orders of the customer (75 and 200 days) stay out of every range', async ({ page }) => {
  await openHistory(page, CUSTOMER);
  const range = page.getByRole('combobox', { name: 'Show orders from' });
  for (const [label, query] of [
    ['The past month', /\/order-history\/$/],
    ['The past year', /\?range=year$/],
    ['All time', /\?range=all$/],
  ] as const) {
    await range.selectOption({ label });
    await expect(page).toHaveURL(query);
    await expect(order(page, '601101')).toBeVisible();
    await expect(order(page, 'S10046')).toBeVisible();
    await expect(order(page, '601112')).toHaveCount(0);
    await expect(order(page, '601113')).toHaveCount(0);
  }
});

test('each status shows its colour and a help link to its own explanation', async ({ page }) => {
  await openHistory(page, CUSTOMER);
  const expected: Array<[string, string, string, string]> = [
    ['601102', 'Waiting on manufacturer', 'neutral', 'waiting-on-manufacturer'],
    ['601105', 'Partially shipped', 'info', 'partially-shipped'],
    ['601107', 'En route', 'info', 'en-route'],
    ['601108', 'Delivered', 'success', 'delivered'],
    ['601109', 'Delivery exception', 'error', 'delivery-exception'],
    // Waiting for the shop's answer: amber, never the red of a cancelled order.
    ['601110', 'Cancellation requested', 'warning', 'cancellation-requested'],
  ];
  for (const [number, label, colour, anchor] of expected) {
    const entry = await unfold(order(page, number));
    const badge = entry.locator('.badge').filter({ hasText: label });
    await expect(badge, number).toHaveClass(new RegExp(`\\bbadge--${colour}\\b`));
    await expect(entry.getByRole('link', { name: 'What does this status mean?' }), number).toHaveAttribute(
      'href',
      new RegExp(`/order-status\\.html#${anchor}$`),
    );
  }
  // Shipping has started: no cancel control; an exception can no longer be changed online.
  await unfold(order(page, '601111'));
  await expect(order(page, '601105').getByText(/^Cancel order/)).toHaveCount(0);
  await expect(order(page, '601109').getByRole('button', { name: 'Cancel order 601109' })).toBeDisabled();
  await expect(order(page, '601109').getByText('This order can no longer be changed online.')).toBeVisible();
  await expect(order(page, '601111').getByText('This order was cancelled.')).toBeVisible();
});

test('cancelling a pending order is confirmed at once and the order reads cancelled afterwards', async ({ page }) => {
  await openHistory(page, CUSTOMER);
  const entry = await unfold(order(page, '601101'));
  await expect(entry.locator('.badge')).toHaveText('Pending');
  await cancelFold(entry, 'Cancel order 601101').click();
  await expect(entry.getByRole('radio', { name: 'Ordered by mistake' })).toBeChecked();
  // The note is asked for another reason alone.
  await expect(entry.getByRole('textbox', { name: 'Tell us more' })).toBeHidden();
  await entry.getByRole('radio', { name: 'Other reason' }).check();
  await entry.getByRole('textbox', { name: 'Tell us more' }).fill('Bought the wrong impeller size');
  await requestCancellation(page, entry);
  await expect(entry.getByRole('status')).toHaveText(
    'Cancellation requested. You will receive a confirmation e-mail within the next business day.',
  );
  // Drawn again from the store after the post: a pending order is cancelled at once.
  await expect(entry.locator('.badge')).toHaveText('Cancelled');
  await expect(entry.getByText(/^Cancel order/)).toHaveCount(0);

  await page.goto('/order-history/');
  await expect(entry.locator('.badge')).toHaveText('Cancelled');
  await unfold(entry);
  await expect(entry.locator('.badge')).toHaveClass(/\bbadge--error\b/);
  await expect(entry.getByText('This order was cancelled.')).toBeVisible();
  await expect(entry.getByText(/^Cancel order/)).toHaveCount(0);
});

test('cancelling an order already in the warehouse (the store answers 406) is shown as a cancellation request', async ({
  page,
}) => {
  await openHistory(page, CUSTOMER);
  const entry = await unfold(order(page, '601103'));
  await expect(entry.locator('.badge')).toHaveText('In stock');
  await cancelFold(entry, 'Cancel order 601103').click();
  await entry.getByRole('radio', { name: 'Not in stock' }).check();
  await requestCancellation(page, entry);
  await expect(entry.getByRole('status')).toHaveText(
    'Cancellation requested. You will receive a confirmation e-mail within the next business day.',
  );
  await expect(entry.locator('.badge')).toHaveText('Cancellation requested');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/order-history/');
  await expect(entry.locator('.badge')).toHaveText('Cancellation requested');
  await unfold(entry);
  await expect(entry.getByRole('status')).toHaveText('Cancellation requested.');
  await expect(entry.getByRole('button', { name: 'Cancel order 601103' })).toBeDisabled();
});

test('a cancellation the store refuses (its 409) shows why, and the order is left as it is', async ({
  page,
  context,
}) => {
  await openHistory(page, CUSTOMER);
  const entry = await unfold(order(page, '601102'));
  await expect(entry.locator('.badge')).toHaveText('Waiting on manufacturer');

  // The same order is cancelled from a second tab, so the first tab's page is now out of date.
  const other = await context.newPage();
  await other.goto('/order-history/');
  const again = await unfold(order(other, '601102'));
  await cancelFold(again, 'Cancel order 601102').click();
  await requestCancellation(other, again);
  await expect(again.locator('.badge')).toHaveText('Cancelled');
  await other.close();

  await cancelFold(entry, 'Cancel order 601102').click();
  await requestCancellation(page, entry);
  await expect(entry.getByRole('status')).toHaveText(
    'Order cannot be cancelled as it is already being prepared for shipment or is already shipped',
  );
  // The history drawn after the refusal is the store's: the order as the other tab left it.
  await expect(entry.locator('.badge')).toHaveText('Cancelled');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("cancelling for another reason asks for the note in the shopper's language before anything is sent", async ({
  page,
}) => {
  await openHistory(page, ACAI);
  await page.goto('/es/order-history/');
  const entry = await unfold(page.getByRole('article', { name: 'Pedido 601202', exact: true }));
  await expect(entry.locator('.badge')).toHaveText('En existencia');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('orders.cancel')) posts.push(request.url());
  });

  await cancelFold(entry, 'Cancelar el pedido 601202').click();
  await entry.getByRole('radio', { name: 'Otro motivo' }).check();
  const note = entry.getByRole('textbox', { name: 'Cuéntenos más' });
  await note.fill('   ');
  await entry.getByRole('button', { name: 'Solicitar la cancelación' }).click();
  await expect(entry.getByText('Indíquenos por qué desea cancelar este pedido.')).toBeVisible();
  await expect(note).toBeFocused();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(note).toHaveAccessibleDescription('Indíquenos por qué desea cancelar este pedido.');
  await expect(page.getByText('cancellation_note', { exact: false })).toHaveCount(0);
  expect(posts).toEqual([]);

  await note.fill('Lo pedí dos veces');
  await expect(entry.getByText('Indíquenos por qué desea cancelar este pedido.')).toHaveCount(0);
  await expect(note).not.toHaveAttribute('aria-invalid');
  const sent = page.waitForURL(/\/es\/order-history\/\?_action=orders\.cancel$/);
  await entry.getByRole('button', { name: 'Solicitar la cancelación' }).click();
  await sent;
  await expect(entry.getByRole('status')).toHaveText(
    'Cancelación solicitada. Recibirá un correo de confirmación en el próximo día hábil.',
  );
  expect(posts).toHaveLength(1);
});

/** The store's day of an order, as the page must write it: the compact UTC timestamp read in Mountain Time. */
function storeDay(intl: string, compact: string): { store: string; utc: string } {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(compact) ?? [];
  const instant = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  const format = (timeZone: string) => new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone }).format(instant);
  return { store: format('America/Denver'), utc: format('UTC') };
}

test("an evening order carries the store's date, service name and country alike in history and lookup, in two languages", async ({
  page,
}) => {
  await openHistory(page, CUSTOMER);
  const history = await page.request.get('/api/v2/orders/history/?legacy_date_range=all&store_id=marine');
  expect(history.ok()).toBe(true);
  const records = (await history.json()) as { orderno: { order_no: number; date_ordered: string } }[];
  const compact = records.find((record) => record.orderno.order_no === 600104)?.orderno.date_ordered ?? '';
  const english = storeDay('en-US', compact);
  // Placed at 03:30 UTC: the evening before in Salt Lake City, so a UTC date would be a day off.
  expect(english.store).not.toBe(english.utc);

  const entry = order(page, '601104');
  const fact = (term: string) => entry.locator(`dt:text-is("${term}") + dd`);
  await expect(fact('Ordered on')).toHaveText(english.store);
  await expect(fact('Shipping')).toHaveText('Standard');
  await expect(fact('Ship to')).toHaveText('Casey Marsh, 175 S Main St, Salt Lake City, UT 84111, United States');
  await expect(page.getByText("Dates are in the store's time zone, Mountain Time (Salt Lake City).")).toBeVisible();

  await page.goto('/order-info/?email=customer%40example.com&order_no=601104');
  const found = page.getByRole('article', { name: 'Order 601104', exact: true });
  await expect(found.locator('dt:text-is("Ordered on") + dd')).toHaveText(english.store);
  await expect(found.locator('dt:text-is("Shipping") + dd')).toHaveText('Standard');

  await page.goto('/es/order-info/?email=customer%40example.com&order_no=601104');
  const encontrado = page.getByRole('article', { name: 'Pedido 601104', exact: true });
  await expect(encontrado.locator('dt:text-is("Fecha del pedido") + dd')).toHaveText(storeDay('es-ES', compact).store);
  await expect(encontrado.locator('dt:text-is("Envío") + dd')).toHaveText('Estándar');
  await expect(encontrado.locator('dt:text-is("Enviar a") + dd')).toHaveText(/, Estados Unidos$/);
  await expect(
    page.getByText('Las fechas están en la zona horaria de la tienda, hora de la montaña (Salt Lake City).'),
  ).toBeVisible();
});
