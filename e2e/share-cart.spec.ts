import { expect, test, type Browser, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { hydrated } from './support/islands';
import { E2E_API_URL, E2E_SITES } from './support/sites';

function quantityOf(page: Page, name: RegExp) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
    .getByRole('spinbutton');
}

async function basketCookie(page: Page): Promise<string> {
  const basket = (await page.context().cookies()).find((cookie) => cookie.name === 'BASKETN');
  expect(basket?.value).toMatch(/.{8,}/);
  return basket?.value ?? '';
}

const ORIGIN = new URL(E2E_SITES.marine).origin;

/** A shopper of their own: a fresh context, no cookie of anyone else's. */
async function freshShopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_SITES.marine });
  return context.newPage();
}

test('a copied share link gives its opener a cart of their own, and the sender keeps theirs', async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_SITES.marine });
  await page.goto('/?add-to-cart=1374449,2;2043,1;15732,3');
  await expect(page).toHaveURL(/\/$/);
  await hydrated(page);
  const senderBasket = await basketCookie(page);

  const share = page.getByRole('region', { name: 'Share this cart' });
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied');
  await expectAccessible(page, 'cart with its share link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expect(share.getByRole('textbox', { name: 'Link to these parts' })).toHaveValue(copied);

  // Part numbers and quantities, nothing of the sender's: no basket number, no key, no session.
  const link = new URL(copied);
  expect(link.origin).toBe(ORIGIN);
  expect(link.pathname).toBe('/');
  expect([...link.searchParams.keys()]).toEqual(['add-to-cart', 'shared']);
  expect(link.searchParams.get('add-to-cart')).toBe('1374449,2;2043,1;15732,3');
  expect(copied).not.toContain(senderBasket);

  const receiver = await freshShopper(browser);
  await receiver.goto(copied);
  await expect(receiver).toHaveURL(/\/$/);
  await expect(receiver.getByTestId('cart-shared-added')).toHaveText(
    '3 parts from a shared list were added to your cart.',
  );
  await expect(quantityOf(receiver, /Water Pump Repair Kit/)).toHaveValue('2');
  await expect(quantityOf(receiver, /Water Pump Impeller/)).toHaveValue('1');
  await expect(quantityOf(receiver, /Spark Plug/)).toHaveValue('3');
  const receiverBasket = await basketCookie(receiver);
  expect(receiverBasket).not.toBe(senderBasket);

  // What the receiver does next is in their cart alone.
  await hydrated(receiver);
  const receiverImpeller = quantityOf(receiver, /Water Pump Impeller/);
  await expect(receiverImpeller).toBeEnabled();
  await receiverImpeller.fill('5');
  await receiverImpeller.blur();
  await expect(receiver.getByTestId('item-count')).toHaveText('10');
  await receiver.reload();
  await expect(quantityOf(receiver, /Water Pump Impeller/)).toHaveValue('5');
  // The notice was said once.
  await expect(receiver.getByTestId('cart-shared-added')).toHaveCount(0);
  await receiver.context().close();

  await page.reload();
  await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('1');
  await expect(page.getByTestId('item-count')).toHaveText('6');
  expect(await basketCookie(page)).toBe(senderBasket);
});

test('the link follows the quantities the sender settles on', async ({ page }) => {
  await page.goto('/?add-to-cart=2043,1');
  await hydrated(page);
  const field = page.getByRole('textbox', { name: 'Link to these parts' });
  await expect(field).toHaveValue(`${ORIGIN}/?add-to-cart=2043,1&shared`);
  const impeller = quantityOf(page, /Water Pump Impeller/);
  await impeller.fill('4');
  await impeller.blur();
  await expect(page.getByTestId('item-count')).toHaveText('4');
  await expect(field).toHaveValue(`${ORIGIN}/?add-to-cart=2043,4&shared`);
});

test('a shared list opened in Spanish joins the parts already in the opener’s cart, and says so', async ({
  page,
  browser,
}) => {
  await page.goto('/es/?add-to-cart=2043,2;15732,1');
  await hydrated(page);
  const link = await page.getByRole('textbox', { name: 'Enlace a estas piezas' }).inputValue();
  expect(new URL(link).pathname).toBe('/es/');

  const receiver = await freshShopper(browser);
  await receiver.goto('/es/?add-to-cart=1374449,1');
  const ownBasket = await basketCookie(receiver);
  await receiver.goto(link);
  await expect(receiver).toHaveURL(/\/es\/$/);
  await expect(receiver.getByTestId('cart-shared-added')).toHaveText(
    'Se añadieron a su carrito 2 piezas de una lista compartida. Las piezas que ya tenía siguen en él.',
  );
  expect(await basketCookie(receiver)).toBe(ownBasket);
  await hydrated(receiver);
  await expectAccessible(receiver, 'cart that a shared list joined');
  await expect(quantityOf(receiver, /Water Pump Repair Kit/)).toHaveValue('1');
  await expect(quantityOf(receiver, /Water Pump Impeller/)).toHaveValue('2');
  await expect(quantityOf(receiver, /Spark Plug/)).toHaveValue('1');
  await receiver.context().close();
});

test('without JavaScript the share link is there to select and copy by hand', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E_SITES.marine });
  const page = await context.newPage();
  await page.goto('/fr/?add-to-cart=2043,3');
  const field = page.getByRole('textbox', { name: 'Lien vers ces pièces' });
  await expect(field).toHaveValue(`${ORIGIN}/fr/?add-to-cart=2043,3&shared`);
  await expect(field).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Copier le lien' })).toBeDisabled();
  await context.close();
});

test('a shared list opened from a webmail is offered first, and added with one click on this site', async ({
  page,
  context,
}) => {
  // A page of another origin holding the link, as a webmail's would.
  await page.goto(new URL('health', E2E_API_URL).href);
  await page.setContent(`<a href="${ORIGIN}/pt/?add-to-cart=2043,2&shared">lista</a>`);
  await page.getByRole('link', { name: 'lista' }).click();
  const confirm = page.getByTestId('cart-link-confirm');
  await expect(confirm).toContainText('Alguém compartilhou uma lista de peças com você.');
  expect((await context.cookies()).some((cookie) => cookie.name === 'BASKETN')).toBe(false);
  await confirm.getByRole('link', { name: 'Adicionar estas peças ao meu carrinho' }).click();
  await expect(page).toHaveURL(/\/pt\/$/);
  await expect(page.getByTestId('cart-shared-added')).toHaveText(
    '1 peça de uma lista compartilhada foi adicionada ao seu carrinho.',
  );
  await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('2');
});
