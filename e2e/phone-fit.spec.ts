import { expect, test, type Page } from './support/test';
import { hydrated } from './support/islands';
import { SHOPPER_ROUTES } from './support/routes';

// At the narrowest phone, a common phone and a laptop every page fits the screen and every
// primary action is a thumb-sized target.
const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/** The smallest target a finger hits reliably (WCAG 2.5.5, Apple's and Google's guidance). */
const MIN_TARGET = 44;

/**
 * Primary actions: of the interactive elements (`.button`, `button`, `input[type=submit]`,
 * `[role=button]`), those styled as the view's main button.
 */
const PRIMARY_ACTIONS = '.button:not(.button--secondary):not(.button--quiet)';

async function primaryActionsTooSmall(page: Page): Promise<string[]> {
  return page.locator(PRIMARY_ACTIONS).evaluateAll(
    (elements, min) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
        })
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < min || box.height < min)
        .map(
          ({ element, box }) =>
            `"${(element.textContent ?? '').trim().replace(/\s+/g, ' ')}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    MIN_TARGET,
  );
}

// One test per page and width: a sweep of many pages in one test outlives its timeout on a busy machine.
for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });
    for (const route of SHOPPER_ROUTES) {
      test(`${route.name} (${route.path}) fits the screen with thumb-sized primary actions`, async ({ page }) => {
        await route.prepare?.(page);
        await page.goto(route.path);
        await hydrated(page);
        await route.settled?.(page);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect.soft(scrollWidth, `${route.path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
        expect.soft(await primaryActionsTooSmall(page), `primary actions under 44×44 on ${route.path}`).toEqual([]);
      });
    }
  });
}
