import type { Failure } from '~/lib/store-api/result';
import { describe, expect, it } from 'vitest';
import {
  addressLoadFailure,
  bannedProductsInMix,
  canPlaceOrder,
  cardNumberView,
  placeOrderBlocker,
  checkoutAnswerLost,
  checkoutFailure,
  defaultExpiry,
  engineNoteFromCookie,
  firstLoadSettled,
  EXPIRY_MONTHS,
  expiryYears,
  isCardDecline,
  isCardOnlyError,
  isNonStock,
  preparationPlan,
  isValidCardNumber,
  needsZeroShippingReload,
  openingShippingToAsk,
  placeOrderLabel,
  shippingCodeOf,
  shippingFacts,
  showsDutiesNote,
  showsMercuryDelay,
  showsWeekendWarning,
  submitStep,
  SUBMIT_ANYWAY_PAUSE_MS,
  validatePayment,
  type PlaceOrderState,
  type ShippingCode,
  initialPayType,
} from '~/features/review-order/review-order';
import * as rules from '~/features/review-order/card-brand';

describe('shipping-code facts', () => {
  it.each([
    ['01', 'rushNextDay', true, true],
    ['02', 'rushTwoDays', true, true],
    ['03', 'expedited', true, true],
    ['04', 'standard', true, true],
    ['05', 'priority', true, true],
    ['06', 'economy', true, true],
    ['07', 'parcel', false, false],
    ['09', 'freeNoRush', true, true],
  ] as const)('%s is %s, trackable %s, to the door %s', (code, level, trackable, toDoor) => {
    const facts = shippingFacts(code);
    expect(facts.level).toBe(level);
    expect(facts.trackable).toBe(trackable);
    expect(facts.toDoor).toBe(toDoor);
    expect(facts.etaKey).toBe(level);
  });

  it('reads codes and level names, and rejects others', () => {
    expect(shippingCodeOf('4')).toBe('04');
    expect(shippingCodeOf(7)).toBe('07');
    expect(shippingCodeOf('freeNoRush')).toBe('09');
    expect(shippingCodeOf('08')).toBeNull();
    expect(shippingCodeOf(undefined)).toBeNull();
  });
});

describe('weekend warning', () => {
  // 2026-11-19 is a Thursday.
  const at = (iso: string) => new Date(iso);
  it.each([
    ['2026-11-18T18:00:00Z', false], // Wednesday
    ['2026-11-19T18:00:00Z', true], // Thursday
    ['2026-11-20T18:00:00Z', true], // Friday
    ['2026-11-21T18:00:00Z', false], // Saturday
    ['2026-11-22T18:00:00Z', false], // Sunday
  ])('rush next day at %s: %s', (iso, expected) => {
    expect(showsWeekendWarning('01', at(iso))).toBe(expected);
    expect(showsWeekendWarning('02', at(iso))).toBe(expected);
  });

  it('uses the store time zone, not UTC', () => {
    // Friday 03:00 UTC is still Thursday evening in Denver; Saturday 03:00 UTC is Friday evening.
    expect(showsWeekendWarning('01', at('2026-11-21T03:00:00Z'))).toBe(true);
    // Thursday 03:00 UTC is Wednesday evening in Denver.
    expect(showsWeekendWarning('01', at('2026-11-19T03:00:00Z'))).toBe(false);
    expect(showsWeekendWarning('01', at('2026-11-19T03:00:00Z'), 'UTC')).toBe(true);
  });

  it('never shows for other options', () => {
    for (const code of ['03', '04', '05', '06', '07', '09'] as ShippingCode[]) {
      expect(showsWeekendWarning(code, at('2026-11-19T18:00:00Z'))).toBe(false);
    }
  });
});

describe('duties note', () => {
  it('shows for priority, economy and parcel only', () => {
    const shown = (['01', '02', '03', '04', '05', '06', '07', '09'] as ShippingCode[]).filter(showsDutiesNote);
    expect(shown).toEqual(['05', '06', '07']);
    expect(showsDutiesNote(null)).toBe(false);
  });
});

describe('Mercury delay', () => {
  const line = (mfg: number, ship: string | null) => ({ product_id: 1, mfg_account_id: mfg, ship_class: ship });
  it('non-stock unless now or never', () => {
    expect(isNonStock('now')).toBe(false);
    expect(isNonStock('never')).toBe(false);
    expect(isNonStock('later')).toBe(true);
    expect(isNonStock(null)).toBe(true);
  });
  it('needs Mercury and non-stock items', () => {
    expect(showsMercuryDelay([line(2, 'now'), line(1, 'later')])).toBe(true);
    expect(showsMercuryDelay([line(2, 'backordered')])).toBe(true);
    expect(showsMercuryDelay([line(2, 'now'), line(1, 'now')])).toBe(false);
    expect(showsMercuryDelay([line(1, 'later'), line(10, 'later')])).toBe(false);
  });
});

describe('banned mix', () => {
  const line = (mfg: number) => ({ product_id: mfg, mfg_account_id: mfg });
  it('flags banned manufacturers mixed with others', () => {
    expect(bannedProductsInMix([line(24), line(1)], [24, 2])).toHaveLength(1);
    expect(bannedProductsInMix([line(24), line(2)], [24, 2])).toHaveLength(2);
    expect(bannedProductsInMix([line(24), line(24)], [24, 2])).toHaveLength(0);
    expect(bannedProductsInMix([line(1), line(10)], [24, 2])).toHaveLength(0);
    expect(bannedProductsInMix([line(10), line(25)], [])).toHaveLength(0);
  });
});

describe('zero-shipping reload', () => {
  it('reloads when a paid option costs nothing', () => {
    expect(needsZeroShippingReload('04', 0)).toBe(true);
    expect(needsZeroShippingReload('04', 12.5)).toBe(false);
    expect(needsZeroShippingReload('09', 0)).toBe(false);
  });
});

describe('the shipping review opens with', () => {
  const offered = (...codes: ShippingCode[]) => codes.map((code) => ({ code }));

  it('is free no-rush where the store offers it and the shopper has not chosen', () => {
    expect(openingShippingToAsk({ selected: '04', available: offered('01', '04', '09') }, false)).toBe('09');
  });

  it("keeps the store's selection once the shopper chose, when it is already free, or when free is not offered", () => {
    expect(openingShippingToAsk({ selected: '04', available: offered('01', '04', '09') }, true)).toBeNull();
    expect(openingShippingToAsk({ selected: '09', available: offered('04', '09') }, false)).toBeNull();
    expect(openingShippingToAsk({ selected: '04', available: offered('01', '04') }, false)).toBeNull();
  });
});

describe('expiry', () => {
  const now = new Date(2026, 10, 23);
  it('defaults to the current month and year', () => {
    expect(defaultExpiry(now)).toEqual({ month: '11', year: '2026' });
    expect(defaultExpiry(new Date(2027, 0, 5))).toEqual({ month: '01', year: '2027' });
  });
  it('offers months 01-12 and years current to +10', () => {
    expect(EXPIRY_MONTHS).toHaveLength(12);
    expect(EXPIRY_MONTHS[0]).toBe('01');
    expect(EXPIRY_MONTHS[11]).toBe('12');
    const years = expiryYears(now);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('2036');
    expect(years).toHaveLength(11);
  });
});

describe('payment validation', () => {
  const now = new Date(2026, 10, 23);
  const card = {
    payType: 'cc' as const,
    cardNumber: '4111 1111 1111 1111',
    csv: '123',
    expMonth: '11',
    expYear: '2026',
  };
  it('accepts a valid card', () => {
    expect(validatePayment(card, now, rules)).toEqual({});
    expect(isValidCardNumber('5555555555554444', rules)).toBe(true);
    expect(isValidCardNumber('4000000000000002', rules)).toBe(true);
  });
  it('names each wrong field', () => {
    expect(validatePayment({ ...card, cardNumber: '4111111111111112' }, now, rules)).toEqual({
      cardNumber: 'review.error.cardChecksum',
    });
    expect(validatePayment({ ...card, cardNumber: '3566002020360505' }, now, rules)).toEqual({
      cardNumber: 'review.error.cardBrand',
    });
    expect(Object.keys(validatePayment({ ...card, csv: '12' }, now, rules))).toEqual(['csv']);
    expect(Object.keys(validatePayment({ ...card, csv: '123456' }, now, rules))).toEqual(['csv']);
    expect(validatePayment({ ...card, csv: '12345' }, now, rules)).toEqual({});
    expect(Object.keys(validatePayment({ ...card, expMonth: '13' }, now, rules))).toEqual(['expMonth']);
    expect(Object.keys(validatePayment({ ...card, expYear: '2025' }, now, rules))).toEqual(['expYear']);
    expect(Object.keys(validatePayment({ ...card, expYear: '2037' }, now, rules))).toEqual(['expYear']);
    expect(validatePayment({ ...card, payType: null }, now, rules)).toEqual({ payType: 'review.error.payType' });
  });
  it('leaves the number unjudged until the card rules have loaded', () => {
    expect(validatePayment({ ...card, cardNumber: '4111111111111112' }, now, null)).toEqual({});
    expect(Object.keys(validatePayment({ ...card, cardNumber: '4111111111111112', csv: '1' }, now, null))).toEqual([
      'csv',
    ]);
  });
  it('ignores card fields for the wallet', () => {
    expect(validatePayment({ ...card, payType: 'pp', cardNumber: '', csv: '' }, now, rules)).toEqual({});
  });
});

describe('card-only error', () => {
  it('is true only for a doubtful card number alone, never for one no card has', () => {
    expect(isCardOnlyError({ cardNumber: 'review.error.cardNumber' })).toBe(true);
    expect(isCardOnlyError({ cardNumber: 'review.error.cardBrand' })).toBe(true);
    expect(isCardOnlyError({ cardNumber: 'review.error.cardChecksum' })).toBe(false);
    expect(isCardOnlyError({ cardNumber: 'review.error.cardNumber', csv: 'review.error.csv' })).toBe(false);
    expect(isCardOnlyError({ csv: 'review.error.csv' })).toBe(false);
    expect(isCardOnlyError({})).toBe(false);
  });
  it('warns on the first press, and sends on a press once the warning has stood a second', () => {
    const doubtful = { cardNumber: 'review.error.cardNumber' } as const;
    expect(submitStep(doubtful, null, 5000)).toBe('warnCardOnly');
    // The second click of a double click is no second press.
    expect(submitStep(doubtful, 5000, 5000 + SUBMIT_ANYWAY_PAUSE_MS - 1)).toBe('warnCardOnly');
    expect(submitStep(doubtful, 5000, 5000 + SUBMIT_ANYWAY_PAUSE_MS)).toBe('send');
    expect(submitStep({ cardNumber: 'review.error.cardChecksum' }, 5000, 9000)).toBe('stop');
    expect(submitStep({ csv: 'review.error.csv' }, 5000, 9000)).toBe('stop');
    expect(submitStep({}, null, 0)).toBe('send');
  });
  it('labels the button with the total once known, Submit anyway after a warning, and what to change after a failure', () => {
    const base = { failed: false, answerLost: false, warned: false, withTotal: true };
    expect(placeOrderLabel(base)).toBe('review.placeOrderTotal');
    expect(placeOrderLabel({ ...base, withTotal: false })).toBe('review.placeOrder');
    expect(placeOrderLabel({ ...base, warned: true })).toBe('review.submitAnyway');
    expect(placeOrderLabel({ ...base, failed: true })).toBe('review.changePaymentToRetry');
    expect(placeOrderLabel({ ...base, answerLost: true })).toBe('review.checkOrder');
  });
});

describe('place-order enablement', () => {
  const ready: PlaceOrderState = {
    shippingLoaded: true,
    basketLoaded: true,
    bannedInBasket: 0,
    payType: 'cc',
    callInProgress: false,
    errors: {},
    failedUntilMethodChanges: false,
  };
  it.each<[string, Partial<PlaceOrderState>, boolean]>([
    ['all good', {}, true],
    ['shipping not loaded', { shippingLoaded: false }, false],
    ['banned product', { bannedInBasket: 1 }, false],
    ['no payment method', { payType: null }, false],
    ['basket not loaded', { basketLoaded: false }, false],
    ['call in progress', { callInProgress: true }, false],
    ['csv error', { errors: { csv: 'review.error.csv' } }, false],
    ['card number alone', { errors: { cardNumber: 'review.error.cardNumber' } }, true],
    ['card number and csv', { errors: { cardNumber: 'review.error.cardNumber', csv: 'review.error.csv' } }, false],
    ['failed until method changes', { failedUntilMethodChanges: true }, false],
    ['wallet', { payType: 'pp' }, true],
  ])('%s', (_name, change, expected) => {
    expect(canPlaceOrder({ ...ready, ...change })).toBe(expected);
  });
});

const refused = (status: number, body: unknown, message = ''): Failure => ({ kind: 'http', status, message, body });

describe('checkout failures', () => {
  it('follows the catalogue', () => {
    expect(checkoutFailure(refused(404, { message: 'x' }, 'x'))).toEqual({ key: 'review.error.connection' });
    expect(checkoutFailure(refused(502, null))).toEqual({ key: 'common.errorWithServer' });
    expect(checkoutFailure(refused(500, '<html>', '<html>'))).toEqual({ key: 'common.errorWithServer' });
    expect(checkoutFailure(refused(409, '<html>', '<html>'))).toEqual({ key: 'review.error.declined' });
    // The store's words reach the shopper in their language: its decline, and its refusal of a card field.
    const declined = 'This transaction has been declined.';
    expect(checkoutFailure(refused(402, { message: declined }, declined))).toEqual({ key: 'review.error.declined' });
    expect(checkoutFailure(refused(400, { message: 'csv: 3 to 5 digits' }, 'csv: 3 to 5 digits'))).toEqual({
      key: 'review.error.csv',
    });
    expect(checkoutFailure(refused(400, { message: 'basketNum: required' }, 'basketNum: required'))).toEqual({
      key: 'review.error.declined',
    });
    expect(checkoutFailure(refused(400, {}))).toEqual({ key: 'review.error.declined' });
    // An answer without a receipt or a wallet page, or a cancelled call, is a decline too.
    expect(checkoutFailure(null)).toEqual({ key: 'review.error.declined' });
    expect(checkoutFailure({ kind: 'cancelled' })).toEqual({ key: 'review.error.declined' });
  });
});

describe('card declines', () => {
  it('are the refusals of the card (402) alone, which charged nothing', () => {
    expect(isCardDecline(refused(402, { message: 'This transaction has been declined.' }))).toBe(true);
    expect(isCardDecline(refused(502, { message: 'injected fault 502' }))).toBe(false);
    expect(isCardDecline({ kind: 'offline', message: "Can't connect to the server." })).toBe(false);
    expect(isCardDecline(null)).toBe(false);
  });
});

describe('lost checkout answers', () => {
  it('are the answers that never came from the store, not its refusals', () => {
    expect(checkoutAnswerLost({ kind: 'offline', message: "Can't connect to the server." })).toBe(true);
    expect(checkoutAnswerLost(refused(504, { message: 'The store did not answer in time.', unanswered: true }))).toBe(
      true,
    );
    expect(checkoutAnswerLost(refused(502, { message: 'unreachable', unanswered: true }))).toBe(true);
    expect(checkoutAnswerLost(refused(502, { message: 'injected fault 502' }))).toBe(false);
    expect(checkoutAnswerLost(refused(402, { message: 'This transaction has been declined.' }))).toBe(false);
    expect(checkoutAnswerLost(refused(403, { message: 'Purchases are paused', purchasesBlocked: true }))).toBe(false);
    expect(checkoutAnswerLost({ kind: 'cancelled' })).toBe(false);
  });
});

describe('engine note', () => {
  it('decodes the cookie', () => {
    expect(engineNoteFromCookie('F115%20LB')).toBe('F115 LB');
    expect(engineNoteFromCookie(undefined)).toBe('');
    expect(engineNoteFromCookie('%E0%A4%A')).toBe('');
  });
});

describe('address load failures', () => {
  it('send the shopper home only when there is no address; anything else offers a retry', () => {
    expect(addressLoadFailure(404)).toBe('home');
    expect(addressLoadFailure(500)).toBe('retry');
    expect(addressLoadFailure(503)).toBe('retry');
    expect(addressLoadFailure(504)).toBe('retry');
    expect(addressLoadFailure(0)).toBe('retry');
  });
});

describe('preparation driven by the mustBeReloaded list', () => {
  it('a changed address, shipping or basket: shipping is priced before the basket is read', () => {
    expect(preparationPlan([])).toEqual({ basketAfterShipping: false, taxShippingUnavailable: false });
    for (const flag of ['shipping', 'basket', 'address'] as const)
      expect(preparationPlan([flag]).basketAfterShipping).toBe(true);
  });
  it('a changed country or state: tax and shipping are unavailable until priced again', () => {
    expect(preparationPlan(['shipping', 'basket', 'address', 'taxShippingUnavailable'])).toEqual({
      basketAfterShipping: true,
      taxShippingUnavailable: true,
    });
  });
});

describe('cardNumberView', () => {
  it('groups the number as the brand prints it and names its icon', () => {
    expect(cardNumberView('4111111111111111', rules)).toEqual({ text: '4111 1111 1111 1111', brand: 'visa' });
    expect(cardNumberView('378282246310005', rules)).toEqual({ text: '3782 822463 10005', brand: 'amex' });
    expect(cardNumberView('5555-5555-5555-4444', rules)).toEqual({ text: '5555 5555 5555 4444', brand: 'mastercard' });
    expect(cardNumberView('6011 1111 1111 1117', rules)).toEqual({ text: '6011 1111 1111 1117', brand: 'discover' });
  });

  it('cuts at the longest number of the brand and keeps digits only', () => {
    expect(cardNumberView('4111 1111 1111 1111 1234 9', rules).text).toBe('4111 1111 1111 1111123');
    expect(cardNumberView('3782 8224 6310 0051', rules).text).toBe('3782 822463 10005');
    expect(cardNumberView('41a1', rules).text).toBe('411');
  });

  it('groups in fours up to 19 digits and names no brand until the card rules have loaded', () => {
    expect(cardNumberView('378282246310005', null)).toEqual({ text: '3782 8224 6310 005', brand: null });
    expect(cardNumberView('4111 1111 1111 1111 1234 9', null).text).toBe('4111 1111 1111 1111123');
  });

  it('names no brand before the first digits tell it, nor for a brand the store does not take', () => {
    expect(cardNumberView('', rules).brand).toBeNull();
    expect(cardNumberView('3530111333300000', rules).brand).toBeNull();
  });
});

describe('placeOrderBlocker', () => {
  const ready = {
    shippingLoaded: true,
    basketLoaded: true,
    bannedInBasket: 0,
    payType: 'cc' as const,
    callInProgress: false,
    errors: {},
    failedUntilMethodChanges: false,
    sectionFailed: false,
  };
  it('says nothing while Place order is enabled', () => {
    expect(placeOrderBlocker(ready)).toBeNull();
  });
  it('names what is missing next to a disabled Place order', () => {
    expect(placeOrderBlocker({ ...ready, payType: null, errors: { payType: 'review.error.payType' } })).toBe(
      'review.missing.payType',
    );
    expect(placeOrderBlocker({ ...ready, errors: { csv: 'review.error.csv' } })).toBe('review.missing.card');
    expect(placeOrderBlocker({ ...ready, shippingLoaded: false })).toBe('review.missing.loading');
    expect(placeOrderBlocker({ ...ready, failedUntilMethodChanges: true })).toBe('review.missing.newPayment');
  });
  it('leaves it to the alert a failed section or a banned mix already shows', () => {
    expect(placeOrderBlocker({ ...ready, shippingLoaded: false, sectionFailed: true })).toBeNull();
    expect(placeOrderBlocker({ ...ready, bannedInBasket: 1 })).toBeNull();
  });
});

describe('firstLoadSettled', () => {
  const settled = {
    addressState: 'success',
    shippingState: 'success',
    shippingOptionCount: 3,
    basketState: 'success',
    hasBasket: true,
  } as const;

  it('draws the page once addresses, shipping options and the basket are in', () => {
    expect(firstLoadSettled(settled)).toBe(true);
  });

  it('waits for the addresses, the first options and the first basket', () => {
    expect(firstLoadSettled({ ...settled, addressState: 'loading' })).toBe(false);
    expect(firstLoadSettled({ ...settled, shippingState: 'loading', shippingOptionCount: 0 })).toBe(false);
    expect(firstLoadSettled({ ...settled, basketState: 'loading', hasBasket: false })).toBe(false);
  });

  it('draws a failed section with its retry rather than waiting', () => {
    expect(firstLoadSettled({ ...settled, shippingState: 'error', shippingOptionCount: 0 })).toBe(true);
    expect(firstLoadSettled({ ...settled, basketState: 'error', hasBasket: false })).toBe(true);
  });

  it('keeps the page while shipping or the basket is priced again', () => {
    expect(firstLoadSettled({ ...settled, shippingState: 'loading', basketState: 'loading' })).toBe(true);
  });
});

describe('the payment method chosen on opening', () => {
  const base = { walletToken: false, walletEnabled: true, offlineEnabled: false, preselectsCard: false };

  it('with the wallet disabled the card, then the only method, is chosen already', () => {
    expect(initialPayType({ ...base, walletEnabled: false })).toBe('cc');
    expect(initialPayType({ ...base, walletEnabled: false, walletToken: true })).toBe('cc');
  });

  it('the shopper chooses among several methods, unless the store preselects the card or the wallet returns', () => {
    expect(initialPayType(base)).toBeNull();
    expect(initialPayType({ ...base, walletEnabled: false, offlineEnabled: true })).toBeNull();
    expect(initialPayType({ ...base, preselectsCard: true })).toBe('cc');
    expect(initialPayType({ ...base, walletToken: true })).toBe('pp');
  });
});
