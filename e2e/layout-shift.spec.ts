import { expect, test, type Page } from './support/test';
import { hydrated } from './support/islands';
import { SHOPPER_ROUTES } from './support/routes';

/**
 * Cumulative layout shift stays 0 on every route a shopper reaches before paying, at a phone and
 * at a desktop width: the page loads, islands hydrate, what they load arrives and one more second
 * passes, and no shift without recent input was seen
 * (the browser's buffered `layout-shift` entries, as Lighthouse's CLS counts them).
 */
const VIEWPORTS = [
  { label: '390px', width: 390, height: 844 },
  { label: '1366px', width: 1366, height: 900 },
] as const;

interface Shift {
  value: number;
  sources: string[];
}

async function layoutShifts(page: Page): Promise<Shift[]> {
  await page.waitForLoadState('load');
  await hydrated(page);
  await page.waitForTimeout(1000);
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        interface LayoutShift extends PerformanceEntry {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        }
        const describe = (node: Node | null | undefined) => {
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          const classes = [...node.classList].map((name) => `.${name}`).join('');
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
        };
        const shifts: Shift[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShift[]) {
            if (!entry.hadRecentInput)
              shifts.push({
                value: entry.value,
                sources: (entry.sources ?? []).map((source) => describe(source.node)),
              });
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the first callback, within a task.
        setTimeout(() => {
          observer.disconnect();
          resolve(shifts);
        }, 100);
      }),
  );
}

async function expectNoLayoutShift(page: Page, where: string): Promise<void> {
  const shifts = await layoutShifts(page);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(
    total,
    `layout shift on ${where}: ${shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(' ')}`).join('; ')}`,
  ).toBe(0);
}

/**
 * The web font is in the browser's cache first, as on every visit after the first. The header and
 * the support launcher are set in the platform's face, so a first visit's font does not move them
 * either; but a paragraph set before Inter arrived in its 100 ms block period can wrap one word
 * differently, and what this journey holds to zero is the page's own movement: content an island
 * loads, a late button, a footer pushed down.
 */
async function withFontCached(page: Page): Promise<void> {
  await page.goto('/return-policy/');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

// One test per page and width, so a busy machine does not time a sweep out.
for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.label}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of SHOPPER_ROUTES) {
      test(`${route.name} (${route.path}) does not shift while it loads`, async ({ page }) => {
        await withFontCached(page);
        await route.prepare?.(page);
        await page.goto(route.path);
        await route.settled?.(page);
        await expectNoLayoutShift(page, route.path);
      });
    }
  });
}
