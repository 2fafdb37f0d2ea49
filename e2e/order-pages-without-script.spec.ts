import { expect, test, type Locator, type Page } from './support/test';
import { APPROVED_CARD, api, apiToken, freshCustomer, signInTo, type Account } from './support/checkout';

// The order follow-up pages without JavaScript: every action is a link, a fold or a form the
// server answers (the range, an order opened, its cancellation for each reason, its invoice,
// tracking and Buy again, a guest's lookup by order or invoice number, the invoice to print).

test.use({ javaScriptEnabled: false });

const REASONS = ['Ordered by mistake', 'Not in stock', 'Found it elsewhere', 'Other reason'] as const;

/** A customer of this test alone with pending orders of their own, placed at the store API; answers their shown numbers. */
async function customerWithOrders(count: number): Promise<{ account: Account; numbers: string[] }> {
  const account = await freshCustomer('no-script-orders');
  const token = await apiToken(account);
  for (let index = 0; index < count; index += 1) {
    const added = await api<{ BASKETNUM: string }>('POST', 'a/item/1374449/1?store_id=marine', undefined, token);
    expect(added.status).toBe(200);
    const order = await api(
      'POST',
      `a/user/checkout/${added.body.BASKETNUM}`,
      {
        payType: 'cc',
        cardNumber: APPROVED_CARD,
        csv: '123',
        exp_month: 1,
        exp_year: new Date().getFullYear() + 1,
      },
      token,
    );
    expect(order.status).toBe(200);
  }
  const history = await api<{ orderno: { order_no: number | string } }[]>(
    'GET',
    'v2/orders/history?legacy_date_range=all',
    undefined,
    token,
  );
  const numbers = history.body.map(({ orderno }) =>
    /^\d+$/.test(String(orderno.order_no)) ? String(Number(orderno.order_no) + 1000) : String(orderno.order_no),
  );
  expect(numbers).toHaveLength(count);
  return { account, numbers };
}

function order(page: Page, number: string): Locator {
  return page.getByRole('article', { name: `Order ${number}`, exact: true });
}

async function openOrder(page: Page, number: string): Promise<Locator> {
  const entry = order(page, number);
  await entry.locator('.order__summary').click();
  await expect(entry.locator('.order__details')).toHaveAttribute('open', '');
  return entry;
}

test('each cancellation reason is posted and taken, and another reason without its note is sent back for it', async ({
  page,
}) => {
  const { account, numbers } = await customerWithOrders(REASONS.length);
  await signInTo(page, account, '/order-history/');
  await expect(page.getByText(`${REASONS.length} orders placed in the past month`)).toBeVisible();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('orders.cancel')) posts.push(request.postData() ?? '');
  });

  for (const [index, reason] of REASONS.entries()) {
    const number = numbers[index] ?? '';
    const entry = await openOrder(page, number);
    await expect(entry.locator('.badge')).toHaveText('Pending');
    await entry.locator('.order__cancel-fold > summary', { hasText: `Cancel order ${number}` }).click();
    await entry.getByRole('radio', { name: reason }).check();
    const note = entry.getByRole('textbox', { name: 'Tell us more' });
    if (reason === 'Other reason') {
      // Sent without its note: the server sends the form back on this order, the reason kept.
      await entry.getByRole('button', { name: 'Request cancellation' }).click();
      await expect(page).toHaveURL(/\/order-history\/\?_action=orders\.cancel$/);
      await expect(note).toHaveAccessibleDescription('Please tell us why you want to cancel this order.');
      await expect(entry.getByRole('radio', { name: reason })).toBeChecked();
      await expect(entry.locator('.badge')).toHaveText('Pending');
      await note.fill('Ordered the wrong size');
    } else {
      // The note is for another reason alone.
      await expect(note).toBeHidden();
    }
    await entry.getByRole('button', { name: 'Request cancellation' }).click();
    await expect(page).toHaveURL(/\/order-history\/\?_action=orders\.cancel$/);
    await expect(entry.getByRole('status')).toHaveText(
      'Cancellation requested. You will receive a confirmation e-mail within the next business day.',
    );
    await expect(entry.locator('.badge')).toHaveText('Cancelled');
    await expect(entry.getByText(/^Cancel order/)).toHaveCount(0);
  }
  expect(
    posts.map((body) => /name="reason"\r?\n\r?\n([a-z_]+)/.exec(body)?.[1] ?? new URLSearchParams(body).get('reason')),
  ).toEqual(['ordered_by_mistake', 'not_in_stock', 'found_elsewhere', 'other', 'other']);
});

test('the range, an opened order, its invoice, tracking and Buy again all work from links and forms', async ({
  page,
}) => {
  await signInTo(page, { email: 'customer@example.com', password: 'Customer123!' }, '/order-history/');
  // The range form: Show asks the server, and the address names the range.
  const show = page.getByRole('button', { name: 'Show', exact: true });
  await expect(show).toBeVisible();
  await page.getByRole('combobox', { name: 'Show orders from' }).selectOption('year');
  await show.click();
  await expect(page).toHaveURL(/\/order-history\/\?range=year$/);
  await expect(page.getByText(/^\d+ orders placed in the past year$/)).toBeVisible();

  // A shipped order opens onto its tracking and Buy again.
  const shipped = await openOrder(page, '601106');
  const track = shipped.getByRole('link', { name: /^Track package/ }).first();
  await expect(track).toHaveAttribute('href', /\/public\/tracking\/\?trackingNumber=/);
  const buyAgain = shipped.getByRole('link', { name: /^Buy again/ }).first();
  await expect(buyAgain).toHaveAttribute('href', /\/bulk-add-items\/\?mfg=\d+&parts=/);
  await track.click();
  await expect(page).toHaveURL(/\/public\/tracking\/\?trackingNumber=/);
  await page.goBack();

  // The invoice opens on a page of its own; the browser's Print prints it without the site around it.
  const priced = await openOrder(page, '601104');
  await priced.getByRole('link', { name: 'Invoice for order 601104' }).click();
  await expect(page).toHaveURL(/\/order-history\/invoice\/\?order=601104$/);
  await expect(page.getByRole('button', { name: 'Print invoice' })).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.invoice__totals')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test("a guest's order is found by its invoice number as by its order number, and a wrong one points to order history", async ({
  page,
}) => {
  const looked = await api<{ orderno: { invoice_no?: string } }[]>(
    'GET',
    'v2/orders/history/guest?email=guest%40example.com&order_no=601301',
  );
  const invoiceNumber = looked.body[0]?.orderno.invoice_no ?? '';
  expect(invoiceNumber).not.toBe('');

  await page.goto('/order-info/');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('guest@example.com');
  await page.getByRole('radio', { name: 'Invoice number' }).check();
  // The chosen mode shows its own number, before any script.
  await expect(page.getByRole('textbox', { name: 'Order number' })).toBeHidden();
  await page.getByRole('textbox', { name: 'Invoice number' }).fill(invoiceNumber);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page).toHaveURL(/\/order-info\/\?_action=orders\.lookup$/);
  const found = page.getByRole('article', { name: 'Order 601301', exact: true });
  await expect(found.locator('.order__details')).toHaveAttribute('open', '');
  await expect(page.getByRole('radio', { name: 'Invoice number' })).toBeChecked();

  await page.getByRole('radio', { name: 'Order number' }).check();
  await page.getByRole('textbox', { name: 'Order number' }).fill('999999');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByText('Order not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order history' })).toHaveAttribute('href', '/order-history/');
});
