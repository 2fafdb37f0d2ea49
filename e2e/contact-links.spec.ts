import { expect, test, type Page } from './support/test';
import {
  APPROVED_CARD,
  basketFor,
  CUSTOMER,
  payByCard,
  placeOrderButton,
  reviewWithBasket,
  signInToReview,
  toWalletPage,
} from './support/checkout';
import { injectFault } from './support/faults';
import { hydrated } from './support/islands';
import { E2E_SITES } from './support/sites';

// Every "Contact us" leads to the storefront's contact form on the storefront's own domain, in a
// new tab; "Live chat" opens the chat. A path on this site would be a 404.

const CONTACT_FORMS = {
  marine: 'https://www.marineparts.example/contact_us.html#contact-form',
  cycle: 'https://www.cycleparts.example/contact-us#contact-form',
} as const;

const SAMPLE_PRODUCTS = { marine: '2043,1', cycle: '400001,1' } as const;

/** The storefront is another site: the tests answer for it, so a new tab can load the page. */
async function serveStorefronts(page: Page): Promise<void> {
  for (const url of Object.values(CONTACT_FORMS)) {
    const { origin } = new URL(url);
    await page.context().route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Contact</title><h1 id="contact-form">Contact</h1>',
      }),
    );
  }
}

/** The link's target, and the tab it opens at that very address. */
async function expectOpensContactForm(
  page: Page,
  link: ReturnType<Page['getByRole']>,
  expected: string,
): Promise<void> {
  await expect(link).toHaveAttribute('href', expected);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  const opened = page.context().waitForEvent('page');
  await link.click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(expected);
  await tab.close();
  // The shopper's own tab stays where it was.
  expect(new URL(page.url()).pathname).not.toMatch(/contact/);
}

for (const store of ['marine', 'cycle'] as const) {
  test(`${store}: review order's "Contact us" and the paid order's open the storefront's contact form in a new tab`, async ({
    page,
  }) => {
    await serveStorefronts(page);
    await reviewWithBasket(page, CUSTOMER, SAMPLE_PRODUCTS[store], E2E_SITES[store]);
    // The migration notice belongs only where purchases are blocked.
    await expect(page.getByText('We are moving to a new shop system')).toHaveCount(0);
    const help = page.locator('.review__help');
    await expect(help).toContainText('Questions about your order?');
    await expectOpensContactForm(page, help.getByRole('link', { name: 'Contact us' }), CONTACT_FORMS[store]);

    await payByCard(page, APPROVED_CARD);
    await placeOrderButton(page).click();
    await expect(page).toHaveURL(`${E2E_SITES[store]}/payment-success/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
    await expectOpensContactForm(
      page,
      page.getByRole('main').getByRole('link', { name: 'Contact us' }),
      CONTACT_FORMS[store],
    );
  });
}

test("the critical wallet error offers the storefront's contact form in a new tab", async ({ page }) => {
  await serveStorefronts(page);
  await reviewWithBasket(page, CUSTOMER, '15732,1');
  await toWalletPage(page);
  // Back from the wallet without its token: the critical error.
  await page.goto(`${E2E_SITES.marine}/payment-success/`);
  await expect(page.getByRole('alert').getByRole('heading', { name: 'PayPal error' })).toBeVisible();
  await expectOpensContactForm(
    page,
    page.getByRole('main').getByRole('link', { name: 'Contact us' }),
    CONTACT_FORMS.marine,
  );
});

for (const store of ['marine', 'cycle'] as const) {
  test(`${store}: "Live chat" in the shipping error opens the store's chat`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('chat/widget.js')) scripts.push(request.url());
    });
    const basketNum = await basketFor(page, SAMPLE_PRODUCTS[store], E2E_SITES[store]);
    // The page's own read fails: the page draws the error, and its island does not ask again.
    await injectFault('POST', `^/a/user/shipping/${basketNum}/?$`, 503, 1);
    await signInToReview(page, CUSTOMER, E2E_SITES[store]);
    const error = page
      .getByRole('alert')
      .filter({ hasText: 'There was an error retrieving shipping options for your location.' });
    await expect(error).toBeVisible();
    // The server drew the error: Live chat answers once the island is awake.
    await hydrated(page);
    await error.getByRole('button', { name: 'Live chat' }).click();
    // The chat opens: with an operator online its panel, else the offline notice with the hours.
    await expect(page.getByRole('dialog', { name: /^Live chat( is offline)?$/ })).toBeVisible();
    expect(scripts).toHaveLength(1);
    expect(new URL(scripts[0] ?? '').searchParams.get('key')).toBe(`${store}-chat-key`);
    await expect(page).toHaveURL(`${E2E_SITES[store]}/review-order/`);
  });
}
