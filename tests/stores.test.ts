import { describe, expect, it } from 'vitest';
import { brandBadges, fallbackImage, stores } from '~/stores';

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
