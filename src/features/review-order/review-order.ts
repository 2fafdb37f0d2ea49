import type { MessageKey } from '~/lib/i18n/translate';
import type { CardBrand, CardNumberProblem, CardRules } from './card-brand';
import { isAnswerLost } from '~/lib/api/answer-lost';
import type { Failure } from '~/lib/store-api/result';
import type { ReloadFlag } from '~/lib/reload-flags';

import { STORE_TIME_ZONE } from '~/lib/i18n/format';
import { FREE_NO_RUSH_CODE, type ShippingCode } from '~/lib/shipping-codes';

export { STORE_TIME_ZONE };
export { shippingCodeOf, shippingFacts, type ShippingCode } from '~/lib/shipping-codes';

const RUSH_CODES: readonly ShippingCode[] = ['01', '02'];
const DUTIES_CODES: readonly ShippingCode[] = ['05', '06', '07'];

/** Weekday (0 Sunday .. 6 Saturday) of an instant in the store's Mountain time. */
export function storeWeekday(now: Date, timeZone = STORE_TIME_ZONE): number {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(now);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** Rush shipping chosen on a Thursday or Friday (store time) arrives after the weekend. */
export function showsWeekendWarning(code: ShippingCode | null, now: Date, timeZone = STORE_TIME_ZONE): boolean {
  if (code === null || !RUSH_CODES.includes(code)) return false;
  const day = storeWeekday(now, timeZone);
  return day === 4 || day === 5;
}

/** International services: the buyer may owe duties and taxes on arrival. */
export function showsDutiesNote(code: ShippingCode | null): boolean {
  return code !== null && DUTIES_CODES.includes(code);
}

export interface BasketLine {
  product_id: number | string;
  mfg_account_id: number;
  ship_class?: string | null | undefined;
}

/** An item is non-stock unless it ships now or never ships. */
export function isNonStock(shipClass: string | null | undefined): boolean {
  return shipClass !== 'now' && shipClass !== 'never';
}

export const MERCURY_ID = 2;

/** Mercury items delay the order when the basket also waits for non-stock items. */
export function showsMercuryDelay(lines: readonly BasketLine[], mercuryId = MERCURY_ID): boolean {
  return lines.some((line) => line.mfg_account_id === mercuryId) && lines.some((line) => isNonStock(line.ship_class));
}

/**
 * Products of banned manufacturers (Suzuki, Mercury) may not be mixed with other manufacturers:
 * answers the banned lines of a mixed basket, none when the basket is not mixed.
 */
export function bannedProductsInMix(
  lines: readonly BasketLine[],
  bannedManufacturers: readonly number[],
): BasketLine[] {
  const manufacturers = new Set(lines.map((line) => line.mfg_account_id));
  if (manufacturers.size < 2) return [];
  return lines.filter((line) => bannedManufacturers.includes(line.mfg_account_id));
}

export interface PreparationPlan {
  /** Shipping is priced first and the basket read after it, so the basket carries the new tax and shipping. */
  basketAfterShipping: boolean;
  /** Until shipping is priced again, the summary says tax and shipping are unavailable. */
  taxShippingUnavailable: boolean;
}

/**
 * Spec checkout §4.3, driven by the mustBeReloaded list the cart and the customer form leave. A
 * new document reads address, shipping and basket anyway; the flags decide the order and what the
 * summary may show meanwhile. The store prices shipping and tax only when shipping is asked for,
 * so after a change of address or basket a basket read alongside would still carry the old
 * amounts; after a change of country or state those amounts do not apply at all.
 */
export function preparationPlan(flags: readonly ReloadFlag[]): PreparationPlan {
  return {
    basketAfterShipping: flags.some((flag) => flag === 'shipping' || flag === 'address' || flag === 'basket'),
    taxShippingUnavailable: flags.includes('taxShippingUnavailable'),
  };
}

/** Option other than free no-rush with a zero shipping cost: shipping and basket are stale. */
export function needsZeroShippingReload(
  selected: ShippingCode | null,
  orderShipping: number | null | undefined,
): boolean {
  return selected !== FREE_NO_RUSH_CODE && Number(orderShipping ?? 0) === 0;
}

/** The option shown as chosen: the store's, else the one asked for, else the first offered. */
export function selectedShipping(
  answer: { selected: ShippingCode | null; available: readonly { code: ShippingCode }[] },
  asked?: ShippingCode,
): ShippingCode | null {
  return answer.selected ?? asked ?? answer.available[0]?.code ?? null;
}

/**
 * The option review asks the store for as it opens: free no-rush wherever the store offers it and
 * the shopper has not chosen an option for this basket, so review opens with the shipping the
 * cart's estimate promised ("Free (no rush, US)") rather than the store's default Standard. Null
 * keeps the store's selection.
 */
export function openingShippingToAsk(
  answer: { selected: ShippingCode | null; available: readonly { code: ShippingCode }[] },
  shopperChose: boolean,
): ShippingCode | null {
  if (shopperChose || answer.selected === FREE_NO_RUSH_CODE) return null;
  return answer.available.some((option) => option.code === FREE_NO_RUSH_CODE) ? FREE_NO_RUSH_CODE : null;
}

export const EXPIRY_YEARS_AHEAD = 10;

export interface Expiry {
  month: string;
  year: string;
}

export function defaultExpiry(now: Date): Expiry {
  return { month: String(now.getMonth() + 1).padStart(2, '0'), year: String(now.getFullYear()) };
}

export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, index) =>
  String(index + 1).padStart(2, '0'),
);

export function expiryYears(now: Date): string[] {
  const first = now.getFullYear();
  return Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, index) => String(first + index));
}

/** Card, wallet, or submit without payment (`ol`, offered only where the store enables it). */
export type PayType = 'cc' | 'pp' | 'ol';

/**
 * The payment method chosen when review order opens: the wallet on its way back from the wallet,
 * the card where the store preselects it, and the card when it is the only method offered (the
 * wallet disabled and no order without payment); otherwise the shopper chooses.
 */
export function initialPayType(options: {
  walletToken: boolean;
  walletEnabled: boolean;
  offlineEnabled: boolean;
  preselectsCard: boolean;
}): PayType | null {
  if (options.walletToken && options.walletEnabled) return 'pp';
  if (options.preselectsCard || (!options.walletEnabled && !options.offlineEnabled)) return 'cc';
  return null;
}

export interface PaymentForm {
  payType: PayType | null;
  cardNumber: string;
  csv: string;
  expMonth: string;
  expYear: string;
}

export type PaymentField = 'payType' | 'cardNumber' | 'csv' | 'expMonth' | 'expYear';
export type PaymentErrors = Partial<Record<PaymentField, MessageKey>>;

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Visa (with Delta), Mastercard (with Cirrus), Maestro and the brands on the footer icons. */
export function isValidCardNumber(value: string, rules: CardRules): boolean {
  return rules.isAcceptedCard(cardDigits(value));
}

/** What the card number field says for each problem of card-brand.ts. */
const CARD_NUMBER_ERRORS: Readonly<Record<CardNumberProblem, MessageKey>> = {
  checksum: 'review.error.cardChecksum',
  brand: 'review.error.cardBrand',
  length: 'review.error.cardNumber',
};

/** The brand icons in public/icons/. */
const BRAND_ICONS: Readonly<Record<CardBrand, string>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  maestro: 'mastercard',
  'american-express': 'amex',
  discover: 'discover',
};

/**
 * The card number as typed, grouped the way the brand prints it (4-4-4-4, American Express
 * 4-6-5), cut at the brand's longest number, and the brand's icon name once the first digits
 * tell it (null before that, or for a brand the store does not take). Until the card rules have
 * loaded, in fours up to 19 digits and without a brand.
 */
export function cardNumberView(value: string, rules: CardRules | null): { text: string; brand: string | null } {
  const digits = value.replace(/\D/g, '');
  const card = rules?.cardBrandRule(digits) ?? null;
  const gaps = card?.gaps ?? [4, 8, 12];
  const cut = digits.slice(0, card ? Math.max(...card.lengths) : 19);
  let text = '';
  for (let index = 0; index < cut.length; index++) text += (gaps.includes(index) ? ' ' : '') + cut[index];
  return { text, brand: card ? BRAND_ICONS[card.brand] : null };
}

/**
 * Error keys (review.error.*) per field of the payment form; card fields count for the card only.
 * The number is judged once the card rules have loaded (placing an order waits for them).
 */
export function validatePayment(form: PaymentForm, now: Date, rules: CardRules | null): PaymentErrors {
  const errors: PaymentErrors = {};
  if (form.payType === null) {
    errors.payType = 'review.error.payType';
    return errors;
  }
  if (form.payType !== 'cc') return errors;
  const numberProblem = rules ? rules.cardNumberProblem(cardDigits(form.cardNumber)) : null;
  if (numberProblem) errors.cardNumber = CARD_NUMBER_ERRORS[numberProblem];
  if (!/^\d{3,5}$/.test(form.csv.trim())) errors.csv = 'review.error.csv';
  if (!EXPIRY_MONTHS.includes(form.expMonth)) errors.expMonth = 'review.error.expMonth';
  if (!expiryYears(now).includes(form.expYear)) errors.expYear = 'review.error.expYear';
  return errors;
}

/**
 * Only the card number is doubtful: the shopper may submit anyway after a warning. A number no card
 * can have (its check digit is wrong) could only be declined, so it is never sent.
 */
export function isCardOnlyError(errors: PaymentErrors): boolean {
  const fields = Object.keys(errors);
  return fields.length === 1 && fields[0] === 'cardNumber' && errors.cardNumber !== 'review.error.cardChecksum';
}

export interface PlaceOrderState {
  shippingLoaded: boolean;
  /** The banned-manufacturer rule can only be checked on a basket that loaded. */
  basketLoaded: boolean;
  bannedInBasket: number;
  payType: PayType | null;
  callInProgress: boolean;
  errors: PaymentErrors;
  /** A checkout failed and the payment method has not changed since. */
  failedUntilMethodChanges: boolean;
}

/** Spec checkout §4: the Place Order enablement table. */
export function canPlaceOrder(state: PlaceOrderState): boolean {
  const formOk = Object.keys(state.errors).length === 0 || isCardOnlyError(state.errors);
  return (
    state.shippingLoaded &&
    state.basketLoaded &&
    state.bannedInBasket === 0 &&
    state.payType !== null &&
    !state.callInProgress &&
    formOk &&
    !state.failedUntilMethodChanges
  );
}

/**
 * Why Place order is disabled, so the button never sits greyed out in silence; null while it is
 * enabled or while the order is being placed (the button says so), or when the page already shows
 * the reason as an alert beside the section that failed.
 */
export function placeOrderBlocker(state: PlaceOrderState & { sectionFailed: boolean }): MessageKey | null {
  if (canPlaceOrder(state) || state.sectionFailed || state.bannedInBasket > 0) return null;
  if (state.failedUntilMethodChanges) return 'review.missing.newPayment';
  if (!state.shippingLoaded || !state.basketLoaded || state.callInProgress) return 'review.missing.loading';
  if (state.payType === null) return 'review.missing.payType';
  return 'review.missing.card';
}

export type SubmitStep = 'stop' | 'warnCardOnly' | 'send';

/** How long the warning stands before "Submit anyway" sends: the second click of a double click never does. */
export const SUBMIT_ANYWAY_PAUSE_MS = 1000;

/**
 * Spec checkout §4.7: with only the card number doubtful, the first press warns at the field and
 * the button becomes "Submit anyway"; a press once the warning has stood SUBMIT_ANYWAY_PAUSE_MS
 * sends (`warnedAt` is when it was shown, null before). Other errors stop.
 */
export function submitStep(errors: PaymentErrors, warnedAt: number | null, now: number): SubmitStep {
  if (Object.keys(errors).length === 0) return 'send';
  if (!isCardOnlyError(errors)) return 'stop';
  return warnedAt !== null && now - warnedAt >= SUBMIT_ANYWAY_PAUSE_MS ? 'send' : 'warnCardOnly';
}

export type PlaceOrderLabel =
  | 'review.placeOrder'
  | 'review.placeOrderTotal'
  | 'review.checkOrder'
  | 'review.submitAnyway'
  | 'review.changePaymentToRetry';

/**
 * The primary button carries the order total once it is known; after a card warning it is "Submit
 * anyway" (spec checkout §4.7). After a failure it stays disabled until the payment changes (spec:
 * it reads "try again"), so it says what to change; after a lost answer it checks the order.
 */
export function placeOrderLabel(state: {
  failed: boolean;
  answerLost: boolean;
  warned: boolean;
  withTotal: boolean;
}): PlaceOrderLabel {
  if (state.answerLost) return 'review.checkOrder';
  if (state.failed) return 'review.changePaymentToRetry';
  if (state.warned) return 'review.submitAnyway';
  return state.withTotal ? 'review.placeOrderTotal' : 'review.placeOrder';
}

export type CheckoutFailure = { key: MessageKey };

/** The store's refusals of a card field (`field: rule`), as the field's own error says them. */
const CARD_FIELD_REFUSALS: readonly (readonly [string, MessageKey])[] = [
  ['csv:', 'review.error.csv'],
  ['exp_month:', 'review.error.expMonth'],
  ['exp_year:', 'review.error.expYear'],
];

/**
 * Spec checkout §8: 404 is a connection problem, no JSON body a decline, else the handler's
 * message. The store API's words are its own, in English: a store error reads as one, a refusal
 * of a card field as that field's error and anything else as the decline, each in the shopper's
 * language.
 */
export function checkoutFailure(failure: Failure | null): CheckoutFailure {
  if (failure?.kind !== 'http') return { key: 'review.error.declined' };
  if (failure.status === 404) return { key: 'review.error.connection' };
  // The store failing on its side is no decline of the card.
  if (failure.status >= 500) return { key: 'common.errorWithServer' };
  const refusal = CARD_FIELD_REFUSALS.find(([prefix]) => failure.message.startsWith(prefix));
  return { key: refusal && failure.status === 400 ? refusal[1] : 'review.error.declined' };
}

/**
 * The processor refused the card (402): nothing was charged, so the page may say so. Another
 * failure (a 502 after the order was taken, say) may hide a payment, so it promises nothing.
 */
export function isCardDecline(failure: Failure | null): boolean {
  return failure?.kind === 'http' && failure.status === 402;
}

/**
 * The checkout's answer never came (the connection dropped, or the proxy gave up waiting): the
 * order may have been placed, so this is not a failure of the payment and does not lock placing.
 * Sending the same checkout again is the check: the store answers an ordered basket with that
 * order's receipt, and orders a basket that never reached it once.
 */
export const checkoutAnswerLost = isAnswerLost;

/** The engine note sent with the order, prefilled from the engine-model cookie. */
export function engineNoteFromCookie(cookieValue: string | undefined): string {
  if (!cookieValue) return '';
  try {
    return decodeURIComponent(cookieValue).trim().slice(0, 200);
  } catch {
    return '';
  }
}

/**
 * What a failed address load leads to. No address (404, or an answer without one) sends the
 * shopper to the cart home; a server or connection failure keeps the page with a retry, because
 * the address exists and leaving would throw away the chosen shipping and the payment entries.
 */
export function addressLoadFailure(status: number): 'home' | 'retry' {
  return status === 404 ? 'home' : 'retry';
}

type LoadState = 'loading' | 'success' | 'error';

/**
 * The page is drawn once addresses are in and shipping and the basket have each answered once
 * (with data or a failure); until then it is a skeleton. Later reloads keep the options and lines
 * on screen, so nothing drawn after this moves.
 */
export function firstLoadSettled(state: {
  addressState: LoadState;
  shippingState: LoadState;
  shippingOptionCount: number;
  basketState: LoadState;
  hasBasket: boolean;
}): boolean {
  return (
    state.addressState === 'success' &&
    (state.shippingOptionCount > 0 || state.shippingState === 'error') &&
    (state.hasBasket || state.basketState === 'error')
  );
}
