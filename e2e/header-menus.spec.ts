import { expect, test, type Locator, type Page } from './support/test';
import { CUSTOMER, signInTo } from './support/checkout';
import { executableScripts } from './support/scripts';

// The header's menus (logo, help, account, language) on a phone and on a laptop, on a page with
// islands and on a public page without JavaScript: they open on click (the three on the right also
// on hover), stay inside the screen, close on Escape and on a click elsewhere, and only one is open
// at a time. The logo asks before leaving for the storefront (shopping spec §2, Header).

function menu(button: Locator, panel: Locator, item: string | RegExp) {
  return { button, panel, item: panel.getByRole('link', { name: item }) };
}

const menus = (page: Page) => ({
  help: menu(page.getByRole('button', { name: 'Help', exact: true }), page.locator('#help-menu'), 'Track an order'),
  account: menu(page.getByRole('button', { name: 'Account menu' }), page.locator('#account-menu'), 'Order history'),
  language: menu(page.getByRole('button', { name: /^EN\b/ }), page.locator('#language-menu'), /Português/),
});

async function expectInsideViewport(page: Page, panel: Locator, item: Locator) {
  await expect(panel).toBeVisible();
  const viewport = page.viewportSize();
  const box = await panel.boundingBox();
  expect(viewport).not.toBeNull();
  expect(box).not.toBeNull();
  if (!viewport || !box) return;
  expect(box.x, 'menu starts inside the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'menu ends inside the screen').toBeLessThanOrEqual(viewport.width);
  // The whole entry is on screen, so it reads in full ("Order history", not "der history").
  await expect(item).toBeInViewport({ ratio: 1 });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('a customer opens each header menu inside the screen; Escape, a click elsewhere and the next menu close it', async ({
      page,
    }) => {
      await signInTo(page, CUSTOMER, '/order-info/');
      for (const path of ['/order-info/', '/return-policy/']) {
        await page.goto(path);
        const { help, account, language } = menus(page);
        for (const menu of [help, account, language]) {
          await menu.button.click();
          await expectInsideViewport(page, menu.panel, menu.item);
          await page.keyboard.press('Escape');
          await expect(menu.panel).toBeHidden();
        }
        // A click elsewhere closes the open menu.
        await account.button.click();
        await expect(account.panel).toBeVisible();
        const open = await account.panel.boundingBox();
        await page.mouse.click(2, (open?.y ?? 0) + (open?.height ?? 0) + 16);
        await expect(account.panel).toBeHidden();
        // Opening another menu closes the first: one at a time.
        // (On a phone the open menu may cover the next button, so that one is pressed from the keyboard.)
        await help.button.click();
        await expect(help.panel).toBeVisible();
        await language.button.focus();
        await page.keyboard.press('Enter');
        await expect(language.panel).toBeVisible();
        await expect(help.panel).toBeHidden();
        await expect(account.panel).toBeHidden();
        // Pressing the button again closes its own menu.
        await page.keyboard.press('Enter');
        await expect(language.panel).toBeHidden();
      }
      // The public page still ships no script for its menus (JSON-LD data runs nothing).
      expect(executableScripts(await page.content())).toEqual([]);
    });
  });
}

test('on a laptop a menu opens on hover and closes when the pointer leaves; a menu entry is reached from it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/return-policy/');
  const { help, language } = menus(page);
  await language.button.hover();
  await expectInsideViewport(page, language.panel, language.item);
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(language.panel).toBeHidden();
  await help.button.hover();
  await expect(help.panel).toBeVisible();
  // The pointer moves from the button into the menu and picks an entry.
  await language.button.hover();
  await expect(help.panel).toBeHidden();
  await language.item.click();
  await expect(page).toHaveURL(/\/pt\/return-policy\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de devolução');
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`at ${viewport.width}px without JavaScript the logo asks whether to leave: Stay in cart on the cart, Edit cart items elsewhere`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto('/');
    const logo = page.locator('.site-header').getByRole('button', { name: /^Marine Parts Store/ });
    const panel = page.locator('#logo-menu');
    await expect(panel).toBeHidden();
    // A pointer passing over the logo does not ask; a click does.
    await logo.hover();
    await expect(panel).toBeHidden();
    await logo.click();
    await expect(panel).toContainText('Leave the cart and continue shopping?');
    const onward = panel.getByRole('link', { name: 'Continue shopping' });
    await expect(onward).toHaveAttribute('href', 'https://www.marineparts.example/');
    await expectInsideViewport(page, panel, onward);
    await panel.getByRole('button', { name: 'Stay in cart' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    // From the keyboard on another page: Enter opens, Escape closes, and the second choice edits the cart.
    await page.goto('/fr/bulk-add-items/');
    await page
      .locator('.site-header')
      .getByRole('button', { name: /^Marine Parts Store/ })
      .focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('link', { name: 'Continuer mes achats' })).toBeVisible();
    await expect(panel.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.keyboard.press('Enter');
    await panel.getByRole('link', { name: 'Modifier les articles du panier' }).click();
    await expect(page).toHaveURL(/\/fr\/\?edit=true$/);
    await context.close();
  });
}

test('on a phone without JavaScript the help and language menus close on Escape, a tap elsewhere and each other', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/no-such-page/');
  const { help, language } = menus(page);
  for (const menu of [help, language]) {
    await menu.button.click();
    await expectInsideViewport(page, menu.panel, menu.item);
    await page.keyboard.press('Escape');
    await expect(menu.panel).toBeHidden();
    await menu.button.click();
    await expect(menu.panel).toBeVisible();
    // A tap below the header, outside the menu.
    const open = await menu.panel.boundingBox();
    await page.mouse.click(2, (open?.y ?? 0) + (open?.height ?? 0) + 16);
    await expect(menu.panel).toBeHidden();
  }
  // Every entry of the help menu reads in full on the phone's screen.
  await help.button.click();
  for (const entry of await help.panel.getByRole('link').all()) await expect(entry).toBeInViewport({ ratio: 1 });
  await language.button.focus();
  await page.keyboard.press('Enter');
  await expect(language.panel).toBeVisible();
  await expect(help.panel).toBeHidden();
  await context.close();
});
