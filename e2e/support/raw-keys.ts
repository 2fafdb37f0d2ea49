import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { hydrated } from './islands';

/**
 * A message key shown as text means a phrase was missing where the page looked for it (t() falls
 * back to the key itself). Any dotted word that starts with a domain of the English locale files
 * ("cart.empty", "orders.status.x") counts, so a key English lacks is caught as well.
 */
const englishDir = join(process.cwd(), 'locales', 'en');
const domains = [
  ...new Set(
    readdirSync(englishDir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        Object.keys(JSON.parse(readFileSync(join(englishDir, file), 'utf8')) as Record<string, string>),
      )
      .map((key) => key.split('.')[0]),
  ),
];
const KEY_SHAPE = new RegExp(`(?<![\\w@./-])(?:${domains.join('|')})(?:\\.[A-Za-z][\\w-]*)+(?![\\w@/-])`, 'g');

/** The dotted keys among a text's words. */
export function rawKeysIn(text: string): string[] {
  return [...text.matchAll(KEY_SHAPE)].map((match) => match[0]);
}

/** The page, once its islands have hydrated, shows no message key in its text or title. */
export async function expectNoRawKeys(page: Page): Promise<void> {
  await hydrated(page);
  const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
  expect(rawKeysIn(text), `message keys shown on ${page.url()}`).toEqual([]);
}
