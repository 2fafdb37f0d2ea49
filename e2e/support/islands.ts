import { expect, type Page } from '@playwright/test';

/** Every island of the page has hydrated: Astro drops the `ssr` attribute once an island has. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
