import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  ACAI,
  CUSTOMER,
  DECLINED_CARD,
  basketFor,
  freshCustomer,
  payByCard,
  placeOrderButton,
} from '../support/checkout';
import { clearFault, fault } from '../support/faults';
import { hydrated } from '../support/islands';
import { ensureSitesNamedIn } from '../support/on-demand-sites';
import { signInByAction } from '../support/routes';
import { fillShippingAddress, payAndConfirm } from '../support/shopper';
import { E2E_SITES } from '../support/sites';

/**
 * The screenshot gallery (`npm run screenshots`, not part of `npm test`): every page in its main
 * states, full page, at a 390 px phone and a 1366 px desktop, in English and Spanish, for the
 * marine store (and the cycle store for the cart and review order). Each state is reached once
 * and photographed at both widths; the PNGs go to screenshots/<store>/<language>/.
 */
export const SCREENSHOT_DIR = join(process.cwd(), 'screenshots');

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

const LANGUAGES = [
  { code: 'en', prefix: '' },
  { code: 'es', prefix: '/es' },
] as const;

type Store = 'marine' | 'cycle';

interface State {
  name: string;
  store?: Store;
  /** Brings a fresh browser to the state; `at(path)` is the path in the state's language. */
  reach: (page: Page, at: (path: string) => string, site: string) => Promise<void>;
  /** Run at each width after resizing, before the photograph (menus open at the width). */
  atWidth?: (page: Page) => Promise<void>;
  /** States reached by English names of fields are photographed in English only. */
  englishOnly?: true;
}

/** The page as a shopper sees it: islands awake, calls settled, fonts in. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settled(page);
}

const CART = '1374449,2;2043,1';
const CYCLE_CART = '400001,1;400007,2';

/** Review order of a signed-in customer with the shipping options loaded. */
async function reviewOrder(page: Page, at: (path: string) => string, site: string, cart: string): Promise<void> {
  await basketFor(page, cart, site);
  await signInByAction(page, CUSTOMER, site);
  await page.goto(`${site}${at('/review-order/')}`);
  await expect(page.locator('form.review')).toHaveAttribute('aria-busy', 'false', { timeout: 15000 });
  await settled(page);
}

const STATES: readonly State[] = [
  { name: 'cart-empty', reach: (page, at, site) => open(page, `${site}${at('/')}`) },
  {
    name: 'cart-filled',
    reach: async (page, at, site) => {
      await basketFor(page, CART, site);
      await open(page, `${site}${at('/')}`);
    },
  },
  {
    // A shared parts list joined a cart that had a part of its own: the notice says both.
    name: 'cart-shared',
    reach: async (page, at, site) => {
      await basketFor(page, '15732,1', site);
      await open(page, `${site}${at('/')}?add-to-cart=${CART}&shared`);
    },
  },
  {
    // A quantity above stock with its one-press change, a line priced in fractions of a cent, and
    // the suggestion cards below with their longest words.
    name: 'cart-over-stock',
    reach: async (page, at, site) => {
      await basketFor(page, '2043,9999;990002,3', site);
      await open(page, `${site}${at('/')}`);
    },
  },
  {
    name: 'cart-error',
    reach: async (page, at, site) => {
      const basketNum = await basketFor(page, CART, site);
      const path = `^/a/basket/${basketNum}/?$`;
      await fault({ method: 'GET', path, status: 500, times: 100 });
      try {
        await open(page, `${site}${at('/')}`);
      } finally {
        await clearFault(path);
      }
    },
  },
  { name: 'bulk-add-empty', reach: (page, at, site) => open(page, `${site}${at('/bulk-add-items/')}`) },
  {
    name: 'bulk-add-results',
    reach: async (page, at, site) => {
      await open(page, `${site}${at('/bulk-add-items/')}`);
      await page.locator('main textarea').first().fill('0437512 2\n0777213\n0046738\nNOT-A-PART-123');
      await page.locator('main form button[type="submit"]').first().click();
      await expect(page.getByText('NOT-A-PART-123').first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'signin',
    reach: async (page, at, site) => {
      await basketFor(page, CART, site);
      await open(page, `${site}${at('/signin/')}`);
    },
  },
  { name: 'login', reach: (page, at, site) => open(page, `${site}${at('/login/')}`) },
  {
    name: 'login-errors',
    reach: async (page, at, site) => {
      await open(page, `${site}${at('/login/')}`);
      await page.locator('main form button[type="submit"]').first().click();
      await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'customer-form-empty',
    reach: async (page, at, site) => {
      await basketFor(page, CART, site);
      await open(page, `${site}${at('/customer-form/?guest=true')}`);
    },
  },
  {
    name: 'customer-form-errors',
    reach: async (page, at, site) => {
      await basketFor(page, CART, site);
      await open(page, `${site}${at('/customer-form/?guest=true')}`);
      await page.locator('main form button[type="submit"]').last().click();
      await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'customer-form-returning-guest',
    reach: async (page, at, site) => {
      // A guest record made with the English steps; a new basket in the same browser has none yet.
      await basketFor(page, '2043,1', site);
      await open(page, `${site}/customer-form/?guest=true`);
      await fillShippingAddress(page, {
        firstName: 'Dana',
        lastName: 'Reyes',
        email: `gallery-${Date.now()}@example.com`,
      });
      await page.locator('main form button[type="submit"]').last().click();
      await expect(page).toHaveURL(/\/review-order\//);
      const cookies = await page.context().cookies(site);
      await page.context().clearCookies();
      await page.context().addCookies(cookies.filter((cookie) => cookie.name !== 'BASKETN'));
      await basketFor(page, CART, site);
      await open(page, `${site}${at('/customer-form/?guest=true')}`);
      await expect(page.locator('main .returning-guest')).toBeVisible();
    },
  },
  { name: 'review-order', reach: (page, at, site) => reviewOrder(page, at, site, CART) },
  {
    // A number of a card type the shop does not list: the warning at the field, Place order reads Submit anyway.
    name: 'review-order-card-doubted',
    englishOnly: true,
    reach: async (page, at, site) => {
      await reviewOrder(page, at, site, CART);
      await payByCard(page, '3566002020360505');
      await placeOrderButton(page).click();
      await expect(page.getByRole('button', { name: 'Submit anyway' })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'review-order-declined',
    englishOnly: true,
    reach: async (page, at, site) => {
      await reviewOrder(page, at, site, CART);
      await payByCard(page, DECLINED_CARD);
      await placeOrderButton(page).click();
      await expect(placeOrderButton(page)).toHaveText(/^Try again/);
      await settled(page);
    },
  },
  {
    name: 'payment-success',
    reach: async (page, at, site) => {
      // The order is placed with the English steps, then the page is read in the state's language.
      await basketFor(page, '2043,2', site);
      await signInByAction(page, await freshCustomer('screens'), site);
      await page.goto(`${site}/review-order/`);
      await payAndConfirm(page, site);
      await open(page, `${site}${at('/payment-success/')}`);
    },
  },
  {
    name: 'order-history',
    reach: async (page, at, site) => {
      await signInByAction(page, ACAI, site);
      await open(page, `${site}${at('/order-history/')}`);
    },
  },
  {
    // An order opened, its cancellation fold open onto the reasons.
    name: 'order-history-cancel',
    reach: async (page, at, site) => {
      await signInByAction(page, ACAI, site);
      await open(page, `${site}${at('/order-history/')}`);
      const entry = page
        .getByRole('article')
        .filter({ has: page.locator('.order__cancel-fold') })
        .first();
      await entry.locator('.order__summary').click();
      await entry.locator('.order__cancel-fold > summary').click();
    },
  },
  {
    // An order's invoice as it prints: the seller named on paper, the site's frame left out.
    name: 'invoice-printed',
    reach: async (page, at, site) => {
      await signInByAction(page, ACAI, site);
      await open(page, `${site}${at('/order-history/invoice/?order=601201')}`);
      await page.emulateMedia({ media: 'print' });
    },
  },
  {
    name: 'order-history-empty',
    reach: async (page, at, site) => {
      await signInByAction(page, await freshCustomer('screens'), site);
      await open(page, `${site}${at('/order-history/')}`);
    },
  },
  { name: 'order-info', reach: (page, at, site) => open(page, `${site}${at('/order-info/')}`) },
  {
    name: 'order-info-found',
    reach: (page, at, site) => open(page, `${site}${at('/order-info/?email=guest%40example.com&order_no=601301')}`),
  },
  {
    name: 'order-info-not-found',
    reach: (page, at, site) => open(page, `${site}${at('/order-info/?email=nobody%40example.com&order_no=999999')}`),
  },
  { name: 'tracking-empty', reach: (page, at, site) => open(page, `${site}${at('/public/tracking/')}`) },
  {
    name: 'tracking-found',
    reach: (page, at, site) => open(page, `${site}${at('/public/tracking/?trackingNumber=EZ2000000002')}`),
  },
  {
    name: 'tracking-not-found',
    reach: (page, at, site) => open(page, `${site}${at('/public/tracking/?trackingNumber=NOPE0000')}`),
  },
  {
    name: 'rating',
    reach: (page, at, site) => open(page, `${site}${at('/public/rate-merchant/?orderno=NjAwMTA4.sQgNKQrizcc4KagI')}`),
  },
  {
    name: 'rating-corrected',
    reach: async (page, at, site) => {
      await open(page, `${site}${at('/public/rate-merchant/?orderno=NjAwMzAy.VwW3UWrPS-ZxZFpB')}`);
      await page.locator('main form button[type="submit"]').click();
      await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
      await settled(page);
    },
  },
  { name: 'return-policy', reach: (page, at, site) => open(page, `${site}${at('/return-policy/')}`) },
  { name: 'dev-gallery', reach: (page, at, site) => open(page, `${site}${at('/dev/')}`) },
  { name: 'not-found', reach: (page, at, site) => open(page, `${site}${at('/no-such-page/')}`) },
  {
    name: 'account-settings',
    reach: async (page, at, site) => {
      await signInByAction(page, CUSTOMER, site);
      await open(page, `${site}${at('/account-settings/')}`);
    },
  },
  {
    name: 'account-settings-refused',
    reach: async (page, at, site) => {
      await signInByAction(page, await freshCustomer('screens'), site);
      await open(page, `${site}${at('/account-settings/')}`);
      for (const panel of ['account-email', 'account-password']) {
        const section = page.locator(`section[aria-labelledby="${panel}-title"]`);
        await section.locator('summary').click();
        for (const input of await section.locator('input').all())
          await input.fill((await input.getAttribute('type')) === 'email' ? 'new-address@example.com' : 'Wrong1234!');
        await section.locator('button[type="submit"]').click();
        await expect(section.locator('input[name="passwordold"][aria-invalid="true"]')).toBeVisible();
      }
    },
  },
  {
    name: 'cart-cycle',
    store: 'cycle',
    reach: async (page, at, site) => {
      await basketFor(page, CYCLE_CART, site);
      await open(page, `${site}${at('/')}`);
    },
  },
  { name: 'review-order-cycle', store: 'cycle', reach: (page, at, site) => reviewOrder(page, at, site, CYCLE_CART) },
];

/** Each menu of the header opened in turn, signed in so the account menu is there too. */
const MENU_STATE: State = {
  name: 'header-menu',
  reach: async (page, at, site) => {
    await basketFor(page, CART, site);
    await signInByAction(page, CUSTOMER, site);
    await open(page, `${site}${at('/')}`);
  },
};

async function photograph(page: Page, store: Store, language: string, name: string): Promise<string[]> {
  const folder = join(SCREENSHOT_DIR, store, language);
  mkdirSync(folder, { recursive: true });
  const written: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // Layout settles at the new width (sticky bars, stacked tables).
    await page.waitForTimeout(150);
    const file = join(folder, `${name}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    written.push(file);
  }
  return written;
}

// The cycle store starts on demand, as in the journeys.
// eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern: nothing here.
test.beforeAll(async ({}, testInfo) => {
  await ensureSitesNamedIn(testInfo.file, (ms) => testInfo.setTimeout(testInfo.timeout + ms));
});

for (const language of LANGUAGES) {
  const at = (path: string) => `${language.prefix}${path}`;
  for (const state of STATES) {
    if (state.englishOnly && language.code !== 'en') continue;
    const store = state.store ?? 'marine';
    test(`${store} ${language.code} ${state.name}`, async ({ page }) => {
      await state.reach(page, at, E2E_SITES[store]);
      await photograph(page, store, language.code, state.name);
    });
  }

  test(`marine ${language.code} header menus open`, async ({ page }) => {
    const site = E2E_SITES.marine;
    await MENU_STATE.reach(page, at, site);
    const folder = join(SCREENSHOT_DIR, 'marine', language.code);
    mkdirSync(folder, { recursive: true });
    const menus = page.locator('header [popovertarget]');
    const count = await menus.count();
    expect(count, 'the header has menus').toBeGreaterThan(0);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (let index = 0; index < count; index += 1) {
        const button = menus.nth(index);
        if (!(await button.isVisible())) continue;
        const id = (await button.getAttribute('popovertarget')) ?? `menu-${index}`;
        await button.click();
        await expect(page.locator(`[id="${id}"]`)).toBeVisible();
        // A menu is a layer over the page: the viewport shows it as the shopper does.
        await page.screenshot({ path: join(folder, `header-${id}-${size.width}.png`), animations: 'disabled' });
        await page.keyboard.press('Escape');
      }
    }
  });

  test(`marine ${language.code} return policy dialog open`, async ({ page }) => {
    await open(page, `${E2E_SITES.marine}${at('/login/')}`);
    const opener = page.locator('footer button[popovertarget]').first();
    await opener.click();
    await expect(page.locator(`[id="${(await opener.getAttribute('popovertarget')) ?? ''}"]`)).toBeVisible();
    const folder = join(SCREENSHOT_DIR, 'marine', language.code);
    mkdirSync(folder, { recursive: true });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(folder, `return-policy-dialog-${size.width}.png`), animations: 'disabled' });
    }
  });
}
