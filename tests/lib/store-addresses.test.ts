import { describe, expect, it } from 'vitest';
import { storeAddresses } from '~/lib/store-addresses';
import { stores } from '~/stores';

describe("the store's addresses for a deployment", () => {
  it("are the store's own when nothing is configured", () => {
    expect(storeAddresses(stores.marine, {})).toEqual({
      storefrontUrl: 'https://www.marineparts.example/',
      newShopUrl: 'https://shop.marineparts.example/',
      contactFormUrl: 'https://www.marineparts.example/contact_us.html#contact-form',
    });
  });

  it('take a configured storefront for the contact form too, and a configured new shop', () => {
    const addresses = storeAddresses(stores.cycle, {
      STOREFRONT_URL: 'https://staging.cycle.example/shop/',
      NEW_SHOP_URL: 'https://new.cycle.example/',
    });
    expect(addresses).toEqual({
      storefrontUrl: 'https://staging.cycle.example/shop/',
      newShopUrl: 'https://new.cycle.example/',
      contactFormUrl: 'https://staging.cycle.example/contact-us#contact-form',
    });
  });
});
