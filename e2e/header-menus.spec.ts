import { expect, test, type Locator, type Page } from './support/test';
import { CUSTOMER, signInTo } from './support/checkout';
import { hydrated } from './support/islands';
import { executableScripts } from './support/scripts';

// The header's three menus (logo, account, language) on a phone and on a laptop, on a page with
// islands and on a public page without JavaScript: they open on click or hover, stay inside the
// screen, close on Escape and on a click elsewhere, and only one is open at a time.

function menu(button: Locator, panel: Locator, item: string | RegExp) {
  return { button, panel, item: panel.getByRole('link', { name: item }) };
}

const menus = (page: Page) => ({
  logo: menu(page.getByRole('button', { name: /Store menu/ }), page.locator('#logo-menu'), 'Continue shopping'),
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
        if (path === '/order-info/') await hydrated(page);
        const { logo, account, language } = menus(page);
        for (const menu of [logo, account, language]) {
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
        await logo.button.click();
        await expect(logo.panel).toBeVisible();
        await language.button.focus();
        await page.keyboard.press('Enter');
        await expect(language.panel).toBeVisible();
        await expect(logo.panel).toBeHidden();
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
  const { logo, language } = menus(page);
  await language.button.hover();
  await expectInsideViewport(page, language.panel, language.item);
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(language.panel).toBeHidden();
  await logo.button.hover();
  await expect(logo.panel).toBeVisible();
  // The pointer moves from the button into the menu and picks an entry.
  await language.button.hover();
  await expect(logo.panel).toBeHidden();
  await language.item.click();
  await expect(page).toHaveURL(/\/pt\/return-policy\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de devolução');
});
