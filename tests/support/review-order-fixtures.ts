import { replaceBrowser } from '~/lib/browser';
import { dictionaries } from '~/lib/i18n/messages';
import { NOTHING_READ } from '~/features/review-order/review-order.store';

/**
 * What the review order and payment success islands are tested with, in one place: a customer's
 * address, the store API's answers for a basket of two impellers, the receipt its checkout returns,
 * and the review order page's browser.
 */

export const ADDRESS = {
  firstname: 'Ana',
  lastname: 'Diaz',
  company: '',
  address1: '12 Lake Rd',
  address2: '',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  country: 'US^United States',
  phone: '3035550100',
};

/** The checkout's receipt of the basket below, placed for ADDRESS. */
export const RECEIPT = {
  ORDER_NO: 700001,
  JSONINVOICE: {
    order_no_display: 701001,
    invoice_num: '3700001',
    date_ordered: '20261122153000',
    billing: ADDRESS,
    shipping: ADDRESS,
    order_items: [],
    subtotal: 20,
    tax: 1,
    ship_type: 'standard',
    ship_charge: 8,
    total: 29,
  },
  GAITEMS: [],
  GAORDER: { order_no: 700001, display_name: '701001', ordertotal: 29, tax: 1, shipping: 8 },
};

/** The store API's basket of two impellers, priced with standard shipping. */
export const BASKET_ANSWER = {
  ORDER: { orderTotal: 29, shipping: 8, tax: 1, shiptype: '04' },
  BASKET: [
    {
      product_id: 1,
      sku: 'A1',
      name: 'Impeller',
      quantity: 2,
      pricediscounted: 10,
      extprice: 20,
      mfg_account_id: 10,
      ship_class: 'now',
    },
  ],
};

/** The shipping options answer: standard and rush, with the level the call asked for selected. */
export function shippingAnswer(body: unknown) {
  const level = (body as { serviceLevel?: string } | undefined)?.serviceLevel ?? '04';
  return {
    selected: level,
    available: [
      { servicelevel: '04', shipping_cost: 8 },
      { servicelevel: '01', shipping_cost: 40 },
    ],
  };
}

/** The review order island's props for the marine store in English, basket B123. */
export const REVIEW_ORDER_PROPS = {
  messages: dictionaries.en,
  locale: 'en' as const,
  basketNum: 'B123',
  walletToken: false,
  preselectCard: false,
  walletEnabled: true,
  offlineEnabled: false,
  engineNote: '',
  bannedManufacturers: [24, 2],
  showsInventoryWarning: true,
  mercuryId: 2,
  fallbackImage: '/images/fallback-marine.svg',
  brandBadges: {},
  // Nothing read by the server: the island loads every part itself.
  start: NOTHING_READ,
  contacts: {
    phone: '+1 800 555 0134',
    email: 'support@example.com',
    contactFormUrl: 'https://www.marineparts.example/contact_us.html#contact-form',
    chatScriptSrc: null,
  },
};

/** A session storage that keeps its entries in `entries`, where the test reads them. */
export function memoryStorage(entries: Record<string, string>): Storage {
  return {
    getItem: (key: string) => entries[key] ?? null,
    setItem: (key: string, value: string) => {
      entries[key] = value;
    },
    removeItem: (key: string) => {
      delete entries[key];
    },
  } as unknown as Storage;
}

/** Opens the review order page's browser; returns where it navigated and what it stored. */
export function fakeReviewOrderBrowser(): { navigated: string[]; stored: Record<string, string> } {
  const navigated: string[] = [];
  const stored: Record<string, string> = {};
  replaceBrowser({
    assign: (url) => navigated.push(url),
    location: () => ({ origin: 'http://localhost', pathname: '/review-order/', search: '', protocol: 'http:' }),
    sessionStorage: () => memoryStorage(stored),
  });
  return { navigated, stored };
}
