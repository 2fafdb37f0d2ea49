import { expect, test, type Page } from './support/test';
import { hydrated } from './support/islands';
import { SHOPPER_ROUTES } from './support/routes';

/**
 * Nothing a shopper needs is ever under the support launcher: on every main page, at the narrowest
 * phone, a common phone and a laptop, and at every scroll position from the top to the end of the
 * page, the launcher's box touches no visible control and no amount.
 */
const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/** What a shopper reads or presses: controls, and the amounts (prices are `<data>`), table cells. */
const NEEDED = 'a[href], button, input, select, textarea, summary, [role=button], data, td, th, label';

/** At one scroll position: what the launcher's box overlaps, by its text. */
async function coveredAt(page: Page, scrollY: number): Promise<string[]> {
  return page.evaluate(
    ({ y, selector }) => {
      window.scrollTo(0, y);
      const launcher = document.querySelector('.support-slot');
      if (!launcher) return ['no launcher'];
      const own = launcher.getBoundingClientRect();
      const inView = own.bottom > 0 && own.top < window.innerHeight;
      if (!inView) return [];
      // The part of an element a person can see: ancestors that clip (a row that scrolls sideways) cut it.
      const seen = (element: Element) => {
        const box = element.getBoundingClientRect();
        let { left, right, top, bottom } = box;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
        }
        return { left, right, top, bottom };
      };
      return (
        [...document.querySelectorAll(selector)]
          .filter((element) => !launcher.contains(element) && !element.closest('[popover], dialog'))
          // Not inside a closed disclosure, not hidden by style.
          .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
          .filter((element) => {
            const box = seen(element);
            return (
              box.right - box.left > 1 &&
              box.bottom - box.top > 1 &&
              box.left < own.right &&
              own.left < box.right &&
              box.top < own.bottom &&
              own.top < box.bottom
            );
          })
          .map(
            (element) =>
              `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}" at scroll ${y}`,
          )
      );
    },
    { y: scrollY, selector: NEEDED },
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });
    for (const route of SHOPPER_ROUTES) {
      test(`the support launcher covers nothing on ${route.name} (${route.path})`, async ({ page }) => {
        await route.prepare?.(page);
        await page.goto(route.path);
        await hydrated(page);
        await route.settled?.(page);
        await expect(page.locator('.support-launcher')).toBeVisible();
        const { scrollHeight, innerHeight } = await page.evaluate(() => ({
          scrollHeight: document.documentElement.scrollHeight,
          innerHeight: window.innerHeight,
        }));
        // Steps of a third of the screen, and the very end: every part of the page passes the launcher.
        const positions: number[] = [];
        for (let y = 0; y < scrollHeight - innerHeight; y += Math.round(innerHeight / 3)) positions.push(y);
        positions.push(Math.max(0, scrollHeight - innerHeight));
        const covered: string[] = [];
        for (const y of positions) covered.push(...(await coveredAt(page, y)));
        expect(covered, `under the support launcher on ${route.path}`).toEqual([]);
        // Still a target a thumb can hit.
        const box = await page.locator('.support-launcher').boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      });
    }
  });
}
