import { expect, type Page } from '@playwright/test';

/** How long React may take to take an island over once Astro has handed it on (it takes milliseconds). */
const TAKEOVER_MS = 10_000;

/**
 * Every island of the page has hydrated. Astro drops an island's `ssr` attribute as it hands the
 * island to React, which hydrates it later, in a transition; React has taken an element over once
 * the element carries React's own keys. A journey that acts before then acts on a page whose
 * controls React may still set back. The wait for those keys is bounded, so a page whose islands
 * draw nothing React owns is acted on as Astro left it, never waited on for the whole test.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('astro-island')).every((island) => {
          const drawn = island.querySelector(
            ':scope > :not(template, astro-slot, astro-static-slot, link, style, script)',
          );
          return !drawn || Object.keys(drawn).some((key) => key.startsWith('__reactFiber$'));
        }),
      undefined,
      { timeout: TAKEOVER_MS },
    )
    .catch(() => undefined);
}
