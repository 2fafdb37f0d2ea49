import type { Page } from '@playwright/test';

/** Checks of a whole page's frame, read in the page in one pass each: the route sweep's measures. */

/** The smallest target a finger hits reliably (WCAG 2.5.5, Apple's and Google's guidance). */
export const MIN_TARGET = 44;

/**
 * Primary actions: of the interactive elements (`.button`, `button`, `input[type=submit]`,
 * `[role=button]`), those styled as the view's main button.
 */
const PRIMARY_ACTIONS = '.button:not(.button--secondary):not(.button--quiet)';

/** What a shopper reads or presses: controls, and the amounts (prices are `<data>`), table cells. */
const NEEDED = 'a[href], button, input, select, textarea, summary, [role=button], data, td, th, label';

/**
 * How far the page is wider than its window, in CSS pixels (0 when nothing scrolls sideways): the
 * one check of it, run on every route of the sweep and each state its table names.
 */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Visible primary actions smaller than a thumb, by their text and size. */
export function primaryActionsTooSmall(page: Page): Promise<string[]> {
  return page.locator(PRIMARY_ACTIONS).evaluateAll(
    (elements, min) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
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

/** The visible links and buttons inside `scope`: how many, and those smaller than a thumb. */
export function controlsIn(page: Page, scope: string): Promise<{ count: number; small: string[] }> {
  return page.locator(scope).evaluate((root, min) => {
    const controls = [...root.querySelectorAll('a[href], button')].filter((element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
    );
    const small = controls
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < min || box.height < min))
      .map(
        ({ element, box }) =>
          `"${element.getAttribute('aria-label') ?? (element.textContent ?? '').trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    return { count: controls.length, small };
  }, MIN_TARGET);
}

/** The header bar's height, how many controls it holds and which of them leave its one row. */
export function headerRow(page: Page): Promise<{ height: number; controls: number; outside: string[] }> {
  return page.locator('.site-header__bar').evaluate((bar) => {
    const row = bar.getBoundingClientRect();
    const controls = [...bar.querySelectorAll('a[href], button')].filter((element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
    );
    const outside = controls
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.top < row.top || box.bottom > row.bottom;
      })
      .map((element) => element.getAttribute('aria-label') ?? (element.textContent ?? '').trim());
    return { height: row.height, controls: controls.length, outside };
  });
}

/** The store's name in the header as it reads, or what of it is cut off (an ellipsis, or clipped). */
export function storeNameCut(page: Page): Promise<string | null> {
  return page.locator('.logo__name').evaluate((name) => {
    const cut = name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight;
    return cut
      ? `"${(name.textContent ?? '').trim()}" needs ${name.scrollWidth}×${name.scrollHeight}, has ${name.clientWidth}×${name.clientHeight}`
      : null;
  });
}

/**
 * What a shopper needs that spills out of its card: a control, an amount or a cell whose box ends
 * past the card's padding edge (a long word in another language, an amount that does not wrap).
 */
export function spilledOutOfCards(page: Page): Promise<string[]> {
  return page.locator('.card, .suggestion').evaluateAll((cards, needed) => {
    const spilled: string[] = [];
    for (const card of cards) {
      const edge = card.getBoundingClientRect();
      if (edge.width === 0) continue;
      for (const element of card.querySelectorAll(needed)) {
        if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        // What shows of it: a box inside the card that clips (a visually hidden table head) cuts it.
        let { left, right } = element.getBoundingClientRect();
        for (let parent = element.parentElement; parent && parent !== card; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'visible' && style.clip === 'auto') continue;
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        // A visually hidden label is a 1 px box kept out of sight on purpose.
        if (right - left <= 1) continue;
        const box = { left, right };
        if (box.right > edge.right + 1 || box.left < edge.left - 1)
          spilled.push(
            `"${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}" past its card by ${Math.round(Math.max(box.right - edge.right, edge.left - box.left))} px`,
          );
      }
    }
    return spilled;
  }, NEEDED);
}

export interface Shift {
  value: number;
  sources: string;
}

/** The buffered `layout-shift` entries without recent input, as Lighthouse's CLS counts them. */
export function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        interface LayoutShift extends PerformanceEntry {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        }
        const describe = (node: Node | null | undefined): string => {
          // A text node is named by its words and the element that holds it.
          if (node?.nodeType === Node.TEXT_NODE)
            return `"${(node.textContent ?? '').trim().slice(0, 40)}" in ${describe(node.parentElement)}`;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          const classes = [...node.classList].map((name) => `.${name}`).join('');
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
        };
        const shifts: Shift[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShift[])
            if (!entry.hadRecentInput)
              shifts.push({
                value: entry.value,
                sources: (entry.sources ?? []).map((source) => describe(source.node)).join(' '),
              });
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

/**
 * What the support launcher's box overlaps, at every scroll position from the top to the end of
 * the page in steps of a third of the screen: nothing a shopper needs is ever under it.
 */
export function coveredByLauncher(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const covered: string[] = [];
    const launcher = document.querySelector('.support-slot');
    if (!launcher) return ['no launcher'];
    // The part of an element a person can see: ancestors that clip (a row that scrolls sideways) cut it.
    const seen = (element: Element) => {
      let { left, right, top, bottom } = element.getBoundingClientRect();
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
    const { scrollHeight } = document.documentElement;
    const positions: number[] = [];
    for (let y = 0; y < scrollHeight - innerHeight; y += Math.round(innerHeight / 3)) positions.push(y);
    positions.push(Math.max(0, scrollHeight - innerHeight));
    for (const y of positions) {
      window.scrollTo(0, y);
      const own = launcher.getBoundingClientRect();
      if (own.bottom <= 0 || own.top >= window.innerHeight) continue;
      for (const element of document.querySelectorAll(selector)) {
        if (launcher.contains(element) || element.closest('[popover], dialog')) continue;
        // Not inside a closed disclosure, not hidden by style.
        if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const box = seen(element);
        const overlaps =
          box.right - box.left > 1 &&
          box.bottom - box.top > 1 &&
          box.left < own.right &&
          own.left < box.right &&
          box.top < own.bottom &&
          own.top < box.bottom;
        if (overlaps)
          covered.push(
            `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}" at scroll ${y}`,
          );
      }
    }
    return covered;
  }, NEEDED);
}
