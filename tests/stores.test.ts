import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandBadges, fallbackImage, stores } from '~/stores';

describe("each store's logo", () => {
  it('is its own picture, a file the site serves', () => {
    const logos = Object.values(stores).map((store) => store.logo);
    expect(new Set(logos).size).toBe(logos.length);
    for (const logo of logos) {
      expect(logo).toMatch(/^\/[\w-]+\.svg$/);
      expect(existsSync(new URL(`../public${logo}`, import.meta.url))).toBe(true);
    }
  });

  it("is drawn in the store's own brand colour", () => {
    const fill = (logo: string) =>
      /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(readFileSync(new URL(`../public${logo}`, import.meta.url), 'utf8'))?.[1];
    expect(fill(stores.marine.logo)).toBe('#0a4d8c');
    expect(fill(stores.cycle.logo)).toBe('#186238');
  });
});

describe("a part's fallback picture", () => {
  it("is its manufacturer's brand badge, else the store's picture", () => {
    expect(fallbackImage(10, 'marine')).toBe('/images/fallback-yamaha.svg');
    expect(fallbackImage(21, 'marine')).toBe('/images/fallback-marine.svg');
    expect(fallbackImage(undefined, 'cycle')).toBe('/images/fallback-cycle.svg');
  });

  it('is worked out per manufacturer of the store for the order summary, as the cart draws it', () => {
    const badges = brandBadges(stores.marine);
    expect(badges[1]).toBe('/images/fallback-omc.svg');
    expect(badges[24]).toBe('/images/fallback-suzuki.svg');
    expect(badges[21]).toBe('/images/fallback-marine.svg');
    expect(
      Object.keys(badges)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(stores.marine.manufacturers.map((maker) => maker.id).sort((a, b) => a - b));
    expect(brandBadges(stores.cycle)[25]).toBe('/images/fallback-yamaha-bicycles.svg');
  });
});

describe('the brand badges the style sheet draws before any script runs', () => {
  // product-image.css names each badge by the end of its file name; the table above is the other half of that join.
  const styles = readFileSync(new URL('../src/components/ui/product-image.css', import.meta.url), 'utf8');
  const drawn = (picture: string): string | undefined => {
    const file = picture.split('/').pop() ?? '';
    const rules = [...styles.matchAll(/img\[data-fallback\$='([^']+)'\]::after\s*\{[^}]*url\('([^']+)'\)/g)];
    // The most specific ending wins, as the later, longer selectors do in the sheet.
    const matching = rules.filter(([, ending]) => file.endsWith(ending ?? '\0'));
    const rule = matching.sort((a, b) => (b[1]?.length ?? 0) - (a[1]?.length ?? 0))[0];
    return rule?.[2] ?? /img\[data-fallback\]::after\s*\{[^}]*url\('([^']+)'\)/.exec(styles)?.[1];
  };
  const pictures = new Set(
    Object.values(stores).flatMap((store) => [store.fallbackImage, ...Object.values(brandBadges(store))]),
  );

  it.each([...pictures])('%s has its own rule, drawing that picture, which exists', (picture) => {
    expect(drawn(picture)).toBe(picture);
    expect(existsSync(new URL(`../public${picture}`, import.meta.url))).toBe(true);
  });
});
