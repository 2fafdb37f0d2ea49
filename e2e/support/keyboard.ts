import { expect, type Locator, type Page } from '@playwright/test';

/** What a keyboard user sees of the focused element: its description and whether a focus ring shows. */
async function focusedElement(page: Page): Promise<{ tag: string; ring: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { tag: 'body', ring: true };
    const style = getComputedStyle(element);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    const label =
      element.getAttribute('aria-label') ??
      element.getAttribute('name') ??
      element.textContent?.trim().slice(0, 40) ??
      '';
    return { tag: `${element.tagName.toLowerCase()} "${label}"`, ring };
  });
}

/**
 * Presses Tab until the target has the focus, as a keyboard user would, and fails when it is not
 * reachable within `limit` presses. Every stop on the way must show a focus ring, so a control
 * whose style hides the outline is caught on whichever journey first passes it.
 */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    expect(focused.ring, `focus ring on ${focused.tag}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`not reachable by Tab within ${limit} presses: ${target.toString()}`);
}

/** Tabs to a text field and types into it; `shown` is the value when the field formats what is typed. */
export async function typeInto(page: Page, field: Locator, text: string, shown = text): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(shown);
}

/**
 * Tabs through every stop of the page once, from the top until the focus leaves the document or
 * comes back round, and answers the stops that show no focus ring.
 */
export async function stopsWithoutRing(page: Page, limit = 200): Promise<string[]> {
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return '';
      const path: string[] = [];
      for (let node: Element | null = element; node; node = node.parentElement)
        path.unshift(`${node.tagName}:${[...(node.parentElement?.children ?? [])].indexOf(node)}`);
      return path.join('>');
    });
    if (!key || seen.has(key)) break;
    seen.add(key);
    const focused = await focusedElement(page);
    if (!focused.ring) missing.push(focused.tag);
  }
  expect(seen.size, 'the page has keyboard stops').toBeGreaterThan(0);
  return missing;
}
