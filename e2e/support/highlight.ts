import type { Page } from '@playwright/test';

/**
 * Records every element that gets highlighted (`data-highlighted="true"`), however briefly, from
 * now on, by the text of its first heading; returns a reader of the record. A highlight lasts
 * 1000 ms, so journeys read the record instead of racing the highlight.
 */
export async function watchHighlights(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { highlighted: string[] }).highlighted = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        if (target.dataset['highlighted'] === 'true') seen.push(target.querySelector('h3')?.textContent ?? '');
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-highlighted'] });
  });
  return () => page.evaluate(() => (window as unknown as { highlighted: string[] }).highlighted);
}
