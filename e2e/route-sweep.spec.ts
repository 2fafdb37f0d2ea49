import { expect, test, type Page } from './support/test';
import { hydrated } from './support/islands';
import { markupFaults } from './support/markup';
import { SHOPPER_ROUTES, type ShopperRoute } from './support/routes';
import {
  controlsIn,
  coveredByLauncher,
  headerRow,
  layoutShifts,
  MIN_TARGET,
  primaryActionsTooSmall,
  sidewaysOverflow,
  spilledOutOfCards,
  storeNameCut,
} from './support/page-checks';

/**
 * Every page a shopper reaches before paying, at the narrowest phone, a common phone and a laptop,
 * loaded once with every check of the frame: it fits the screen, its primary actions are
 * thumb-sized, the store's name in the header reads whole, the support launcher covers nothing at
 * any scroll position, nothing shifts while it loads (390 and 1366 px) and, on the phone, the header
 * is one row of at most 64 px with header and footer controls a thumb can hit. At the narrowest
 * phone the HTML the server sent is held to the HTML standard too (e2e/support/markup.ts).
 */
const VIEWPORTS = [
  { width: 320, height: 640, shift: false, frame: false },
  { width: 390, height: 844, shift: true, frame: true },
  { width: 1366, height: 900, shift: true, frame: false },
] as const;

/**
 * The web font is in the browser's cache first, as on every visit after the first: a paragraph set
 * before Inter arrived in its 100 ms block period can wrap one word differently, and what the
 * sweep holds to zero shift is the page's own movement (content an island loads, a late button).
 */
async function withFontCached(page: Page): Promise<void> {
  await page.goto('/return-policy/');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Opens the route as its row says; answers the HTML the server sent. */
async function open(page: Page, route: ShopperRoute, measuresShift: boolean): Promise<string> {
  // Only a shift is worth the extra page: the other checks read the page once the font is in.
  if (measuresShift) await withFontCached(page);
  await route.prepare?.(page);
  const response = await page.goto(route.path);
  const html = (await response?.text()) ?? '';
  await page.waitForLoadState('load');
  await hydrated(page);
  await route.settled?.(page);
  return html;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // One test per page and width: a sweep of many pages in one test outlives its timeout on a busy machine.
    for (const route of SHOPPER_ROUTES.filter((row) => row.widths?.includes(viewport.width) ?? true)) {
      test(`${route.name} (${route.path}) fits, keeps actions thumb-sized and clear of the launcher, and does not shift`, async ({
        page,
      }) => {
        const html = await open(page, route, viewport.shift);
        const where = `${route.path} at ${viewport.width}px`;
        // The markup is the same at every width: checked once, at the narrowest, which every row sweeps.
        if (viewport.width === 320) expect.soft(await markupFaults(html), `markup of ${route.path}`).toEqual([]);
        if (viewport.shift) {
          // Half a second after load, hydration and what the page loads (every island is awake and its
          // first reads answered by then): the buffered entries without recent input.
          await page.waitForTimeout(500);
          const shifts = await layoutShifts(page);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          expect
            .soft(
              total,
              `layout shift on ${where}: ${shifts.map((s) => `${s.value.toFixed(4)} ${s.sources}`).join('; ')}`,
            )
            .toBe(0);
        }

        expect.soft(await sidewaysOverflow(page), `${where} scrolls sideways by`).toBe(0);
        expect.soft(await primaryActionsTooSmall(page), `primary actions under 44×44 on ${where}`).toEqual([]);
        expect.soft(await storeNameCut(page), `the store's name cut on ${where}`).toBeNull();
        expect.soft(await spilledOutOfCards(page), `out of their cards on ${where}`).toEqual([]);

        if (viewport.frame) {
          const header = await headerRow(page);
          expect.soft(header.height, `${where}: header height`).toBeLessThanOrEqual(64);
          expect.soft(header.controls, `${where}: header controls`).toBeGreaterThanOrEqual(4);
          expect.soft(header.outside, `${where}: header controls outside its one row`).toEqual([]);
          expect.soft((await controlsIn(page, '.site-header__bar')).small, `${where}: header targets`).toEqual([]);
          const footer = await controlsIn(page, '.site-footer');
          expect.soft(footer.count, `${where}: footer controls`).toBeGreaterThanOrEqual(6);
          expect.soft(footer.small, `${where}: footer targets`).toEqual([]);
        }

        await expect(page.locator('.support-launcher:visible')).toBeVisible();
        const box = await page.locator('.support-launcher:visible').boundingBox();
        expect.soft(box?.height ?? 0, 'the launcher is a target a thumb can hit').toBeGreaterThanOrEqual(MIN_TARGET);
        expect(await coveredByLauncher(page), `under the support launcher on ${where}`).toEqual([]);
      });
    }
  });
}
