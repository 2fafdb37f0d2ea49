import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';
import { E2E_SITES } from './support/sites';

// The frame every page shares, on a 390 px phone, beyond what the route sweep measures on every
// page (e2e/route-sweep.spec.ts): what the header and footer offer, one wallet logo per language,
// where the support launcher sits, and a 404 page with separate buttons and ways on.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('the header offers help, the cart and "Log in", but not on the login page itself', async ({ page }) => {
  await page.goto('/return-policy/');
  const header = page.locator('.site-header');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('button', { name: 'Help', exact: true })).toBeVisible();
  await page.goto('/login/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Cart' })).toBeVisible();
});

test('on a laptop the header shows the phone number and the hours', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/return-policy/');
  const contact = page.locator('.site-header__contact');
  await expect(contact.getByRole('link', { name: 'Help +1 (800) 555-0134' })).toHaveAttribute(
    'href',
    'tel:+18005550134',
  );
  await expect(contact).toContainText('Mon–Fri 8–5 MST');
  const bar = await page.locator('.site-header__bar').boundingBox();
  expect(bar?.height ?? 999).toBeLessThanOrEqual(64);
});

test('the footer gives help and contact, orders and returns, a labelled secure-checkout mark, the accepted cards and the wallet in every language', async ({
  page,
}) => {
  for (const prefix of ['', '/es', '/fr', '/pt']) {
    await page.goto(`${prefix}/return-policy/`);
    const footer = page.locator('.site-footer');
    // Shopping §2: the seal in English, the wallet provider's logo beside "secure checkout" otherwise.
    const secureMark = footer.locator('.site-footer__secure img');
    await expect(secureMark).toHaveAttribute('src', prefix ? '/icons/paypal.svg' : '/icons/seal.svg');
    await expect(footer.locator('img[src$="paypal.svg"]'), `${prefix || '/en'}: wallet logos`).toHaveCount(
      prefix ? 2 : 1,
    );
    // Shopping §9: Visa, Mastercard, Maestro, Delta and Cirrus, the Amex and Discover icons, and the wallet.
    expect(
      await footer
        .locator('.site-footer__cards img')
        .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('src'))),
    ).toEqual(
      ['visa', 'mastercard', 'maestro', 'delta', 'cirrus', 'amex', 'discover', 'paypal'].map(
        (name) => `/icons/${name}.svg`,
      ),
    );
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href$="/public/tracking/"]')).toHaveCount(1);
    await expect(footer.locator('a[href$="/order-info/"]')).toHaveCount(1);
    await expect(footer.locator('.site-footer__secure')).toBeVisible();
  }
  await page.goto('/return-policy/');
  const footer = page.locator('.site-footer');
  await expect(footer.getByText('Monday to Friday, 8:00 to 17:00 MST')).toBeVisible();
  // The green tick is named by the words beside it.
  const secure = footer.locator('.site-footer__secure');
  await expect(secure.locator('img[src$="seal.svg"]')).toBeVisible();
  await expect(secure).toHaveText('Secure checkout');
});

test('the return policy page with its footer is accessible on a phone', async ({ page }) => {
  await page.goto('/return-policy/');
  await expectAccessible(page, 'return policy page on a phone');
});

test('on a phone the support launcher takes its own room after the page; on a wide screen it floats beside the container', async ({
  page,
}) => {
  await page.goto('/return-policy/');
  const launcher = page.locator('.support-launcher:visible');
  // Between the page and the footer, in the flow: scrolling brings it into view, it never floats over content.
  const main = await page.locator('main').boundingBox();
  const footer = await page.locator('.site-footer').boundingBox();
  const inFlow = await launcher.boundingBox();
  expect(inFlow?.y ?? 0).toBeGreaterThanOrEqual((main?.y ?? 0) + (main?.height ?? 0));
  expect((inFlow?.y ?? 0) + (inFlow?.height ?? 0)).toBeLessThanOrEqual(footer?.y ?? 0);
  await expect(launcher).toHaveText('Support');

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(launcher).toBeInViewport({ ratio: 1 });
  await page.mouse.wheel(0, 400);
  await expect(launcher).toBeInViewport({ ratio: 1 });
  const floating = await launcher.boundingBox();
  const container = await page.locator('main').evaluate((element) => {
    const style = getComputedStyle(element);
    return element.getBoundingClientRect().right - Number.parseFloat(style.paddingRight);
  });
  expect(floating?.x ?? 0, 'the launcher floats right of the content column').toBeGreaterThanOrEqual(container);
  // Round and named: the word is the button's name, not its face.
  await expect(launcher).toHaveAccessibleName('Support');
  expect(floating?.width ?? 0).toBeGreaterThanOrEqual(44);
});

test('the 404 page has buttons that do not touch and ways on', async ({ page }) => {
  const response = await page.goto('/nothing-here/');
  expect(response?.status()).toBe(404);
  const cart = await page.getByRole('link', { name: 'Go to the cart' }).boundingBox();
  const shop = await page.locator('main').getByRole('link', { name: 'Continue shopping' }).boundingBox();
  expect(cart && shop).toBeTruthy();
  if (!cart || !shop) return;
  const apart =
    shop.x >= cart.x + cart.width + 8 || cart.x >= shop.x + shop.width + 8 || shop.y >= cart.y + cart.height + 8;
  expect(apart, 'the two buttons keep at least 8 px between them').toBe(true);
  const ways = page.locator('.not-found__ways');
  await expect(ways.getByRole('link', { name: /Search the storefront/ })).toHaveAttribute(
    'href',
    'https://www.marineparts.example/',
  );
  await expect(ways.getByRole('link', { name: /Shop by manufacturer/ })).toHaveAttribute('href', '/bulk-add-items/');
  await expect(ways.getByRole('link', { name: /Track an order/ })).toHaveAttribute('href', '/public/tracking/');
  await expect(ways.getByRole('link', { name: /Find an order/ })).toHaveAttribute('href', '/order-info/');
  for (const link of await ways.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
});

test('the 404 page with the help menu open is accessible on a phone', async ({ page }) => {
  await page.goto('/nothing-here/');
  await page.locator('[popovertarget=help-menu]').click();
  await expect(page.locator('#help-menu')).toBeVisible();
  await expectAccessible(page, '404 on a phone with the help menu open');
});

test('with the wallet turned off the footer shows no wallet logo in any language: the lock stands beside secure checkout', async ({
  page,
}) => {
  await page.goto(`${E2E_SITES.blocked}/es/return-policy/`);
  const footer = page.locator('.site-footer');
  await expect(footer.locator('.site-footer__cards img')).toHaveCount(7);
  await expect(footer.locator('img[src$="paypal.svg"]')).toHaveCount(0);
  await expect(footer.locator('.site-footer__secure svg')).toHaveCount(1);
});
