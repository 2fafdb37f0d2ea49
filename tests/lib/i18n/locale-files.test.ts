import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/lib/i18n/locales';
import { messageFileSchema } from '~/lib/i18n/messages';

const root = join(process.cwd(), 'locales');
const domains = readdirSync(join(root, 'en')).filter((file) => file.endsWith('.json'));
const read = (locale: string, file: string): Record<string, string> =>
  messageFileSchema.parse(JSON.parse(readFileSync(join(root, locale, file), 'utf8')));

describe('locale files', () => {
  it.each(domains)('%s has the same keys in every language', (file) => {
    const english = Object.keys(read('en', file)).sort();
    for (const locale of LOCALES) expect(Object.keys(read(locale, file)).sort(), `${locale}/${file}`).toEqual(english);
  });

  it.each(domains)('%s is really translated (no English sentence copied)', (file) => {
    const english = read('en', file);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const copied = Object.entries(read(locale, file))
        .filter(([key, text]) => text === english[key] && (english[key] ?? '').trim().split(/\s+/).length > 2)
        .map(([key]) => key);
      expect(copied, `${locale}/${file}`).toEqual([]);
    }
  });

  it.each(domains)('%s fills in the same placeholders in every language, and each plural offers "other"', (file) => {
    /** The names a phrase fills in: `{name}`, and the count of `{count, plural, …}`. */
    const placeholders = (text: string) =>
      [...new Set([...text.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((match) => match[1]))].sort();
    const english = read('en', file);
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(read(locale, file))) {
        expect(placeholders(text), `${locale}/${file} ${key}`).toEqual(placeholders(english[key] ?? ''));
        if (text.includes(', plural,')) expect(text, `${locale}/${file} ${key}`).toMatch(/\bother \{/);
      }
    }
  });

  it('keys of different domain files never collide', () => {
    const seen = new Map<string, string>();
    for (const file of domains) {
      for (const key of Object.keys(read('en', file))) {
        expect(seen.get(key), `${key} in ${file}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });
});
