import { browser } from '~/lib/browser';
import { loadCardCheck } from './card-check.store';
import { rememberShippingChoice } from './shipping-choice';
import { atom } from 'nanostores';
import { clearReloadFlags, readReloadFlags } from '~/lib/reload-flags';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import {
  addressLoadFailure,
  checkoutAnswerLost,
  checkoutFailure,
  needsZeroShippingReload,
  preparationPlan,
  selectedShipping,
  submitStep,
  isCardDecline,
  validatePayment,
  cardDigits,
  type PaymentForm,
  type PayType,
  type ShippingCode,
} from './review-order';
import { authorizeGuest } from '~/features/session/public';
import type { Basket } from '~/lib/store-api/basket';
import { setBasketLanguage } from '~/lib/store-api/calls';
import { failureStatus, type Result } from '~/lib/store-api/result';
import { guestAddresses, type Addresses } from '~/lib/store-api/addresses';
import {
  fetchAddresses,
  getReviewBasket,
  fetchShipping,
  sendCheckout,
  type ShippingAnswer,
  type ShippingOption,
} from './review-order.api';
import type { MessageKey } from '~/lib/i18n/translate';

/** Each section of the page (addresses, basket, shipping) loads and fails on its own. */
export type SectionLoadState = 'loading' | 'success' | 'error';

/** A message is a locale key or the API's own text. */
export type Message = { key: MessageKey };

export interface ReviewState {
  addresses: Addresses | null;
  addressState: SectionLoadState;
  basket: Basket | null;
  basketState: SectionLoadState;
  shippingState: SectionLoadState;
  shippingOptions: ShippingOption[];
  selectedShipping: ShippingCode | null;
  payType: PayType | null;
  placing: boolean;
  failed: boolean;
  /** The failure was the processor refusing the card: nothing was charged. */
  declined: boolean;
  /** The checkout's answer was lost: the order may exist, and sending it again checks. */
  answerLost: boolean;
  /** When the doubtful-card warning was shown (Date.now()), null while it is not: Place order then reads "Submit anyway". */
  cardWarnedAt: number | null;
  message: Message | null;
  /** The country or state changed and shipping is not priced for it yet: the summary says so. */
  taxShippingUnavailable: boolean;
}

/**
 * What the server read for the first screen (review-order-page.server.ts). A part that is null was
 * not read (no answer, a refusal, or an answer the island acts on: no address, an empty basket):
 * the island loads it itself, with its loading and retry states.
 */
export interface ReviewStart {
  addresses: Addresses | null;
  /** Its `selected` is the option shown as chosen. */
  shipping: ShippingAnswer | null;
  /** Read after shipping was priced, so it carries that shipping and its tax. */
  basket: Basket | null;
  /**
   * The read the store API was out for (the reads stopped there): it, and the basket that is read
   * after shipping, are drawn as their errors with Try again, and not asked again as the island
   * wakes, since the page answered that the store is out.
   */
  outage?: ReviewSection;
}

/** The parts of the first screen, in the order they are read. */
export type ReviewSection = 'addresses' | 'shipping' | 'basket';

export const NOTHING_READ: ReviewStart = { addresses: null, shipping: null, basket: null };

const initial: ReviewState = {
  addresses: null,
  addressState: 'loading',
  basket: null,
  basketState: 'loading',
  shippingState: 'loading',
  shippingOptions: [],
  selectedShipping: null,
  payType: null,
  placing: false,
  failed: false,
  declined: false,
  answerLost: false,
  cardWarnedAt: null,
  message: null,
  taxShippingUnavailable: false,
};

export const $review = atom<ReviewState>(initial);

function patch(change: Partial<ReviewState>): void {
  $review.set({ ...$review.get(), ...change });
}

export interface ReviewContext {
  basketNum: string;
  guest: boolean;
  locale: Locale;
}

let context: ReviewContext | null = null;

/**
 * The state the page opens in: what the server read is shown as loaded, the rest as loading. The
 * island draws it until it has started (the same state, so waking redraws nothing).
 */
export function reviewStateFrom(start: ReviewStart, payType: PayType | null): ReviewState {
  const { addresses, shipping, basket, outage } = start;
  return {
    ...initial,
    payType,
    ...(addresses ? { addresses, addressState: 'success' } : outage === 'addresses' ? { addressState: 'error' } : {}),
    ...(shipping
      ? { shippingState: 'success', shippingOptions: shipping.available, selectedShipping: shipping.selected }
      : outage === 'shipping'
        ? { shippingState: 'error' }
        : {}),
    ...(basket
      ? { basket, basketState: 'success' }
      : outage === 'shipping' || outage === 'basket'
        ? { basketState: 'error' }
        : {}),
  };
}

/** Whether the island has not started yet: it then draws the state the server read. */
export function notStarted(state: ReviewState): boolean {
  return state === initial;
}

export function resetReview(): void {
  $review.set(initial);
  context = null;
}

async function loadBasket(ctx: ReviewContext): Promise<boolean> {
  patch({ basketState: 'loading' });
  const answer = await getReviewBasket(ctx.basketNum);
  if (!answer.ok) {
    if (answer.failure.kind !== 'cancelled') patch({ basketState: 'error' });
    return false;
  }
  if (answer.value.BASKET.length === 0) {
    browser().assign(localizedPath('/', ctx.locale));
    return false;
  }
  patch({ basket: answer.value, basketState: 'success' });
  return true;
}

async function loadShipping(ctx: ReviewContext, level?: ShippingCode): Promise<boolean> {
  patch({ shippingState: 'loading' });
  const answer = await fetchShipping(ctx.basketNum, ctx.guest, level);
  if (!answer.ok) {
    if (answer.failure.kind !== 'cancelled') patch({ shippingState: 'error' });
    return false;
  }
  if (answer.value.available.length === 0) {
    patch({ shippingState: 'error', shippingOptions: [] });
    return false;
  }
  const selected = selectedShipping(answer.value, level);
  patch({ shippingState: 'success', shippingOptions: answer.value.available, selectedShipping: selected });
  return true;
}

/**
 * A guest's addresses are their guest record, read as guest authorization; a basket without one
 * (a guest buying again in this browser) is 'missing'.
 */
async function addressesFor(ctx: ReviewContext): Promise<Result<Addresses | null> | 'missing'> {
  if (!ctx.guest) return fetchAddresses();
  const authorization = await authorizeGuest(ctx.basketNum);
  if (authorization.state === 'missing') return 'missing';
  if (authorization.state === 'unavailable') return { ok: false, failure: authorization.failure };
  return { ok: true, value: guestAddresses(authorization.record) };
}

export async function loadAddresses(ctx: ReviewContext): Promise<boolean> {
  patch({ addressState: 'loading' });
  const answer = await addressesFor(ctx);
  if (answer === 'missing') {
    // The guest form for this basket, which names the error and offers the earlier details.
    browser().assign(`${localizedPath('/customer-form/', ctx.locale)}?guest=true`);
    return false;
  }
  if (!answer.ok && answer.failure.kind === 'cancelled') return false;
  // No address sends the shopper to the cart home; a failed load offers a retry (spec checkout §8).
  if (answer.ok ? answer.value === null : addressLoadFailure(failureStatus(answer.failure)) === 'home') {
    browser().assign(localizedPath('/', ctx.locale));
    return false;
  }
  if (!answer.ok || answer.value === null) {
    patch({ addressState: 'error' });
    return false;
  }
  patch({ addresses: answer.value, addressState: 'success' });
  return true;
}

/**
 * Review-order flow steps 2 to 4 (spec checkout §4), from what the server already read: only
 * what it was not given is loaded. The server reads shipping before the basket, so a basket it
 * gives is priced for the current address, whatever the reload flags say.
 */
export async function startReview(
  ctx: ReviewContext,
  preselect: PayType | null,
  start: ReviewStart = NOTHING_READ,
): Promise<void> {
  context = ctx;
  $review.set(reviewStateFrom(start, preselect));
  // The page answered that the store API is out: the shopper's Try again asks again, not the waking.
  if (start.outage) return;
  if (!start.addresses) {
    if (await loadAddresses(ctx)) await prepareOrder(ctx);
  } else if (!start.shipping) await prepareOrder(ctx);
  else if (start.basket || (await loadBasket(ctx))) shippingPriced();
}

/** The address load failed and the shopper asked again: the page goes on from there. */
export async function retryAddresses(): Promise<void> {
  if (context && (await loadAddresses(context))) await prepareOrder(context);
}

/** Shipping, then the basket with the tax and shipping it priced. */
async function shippingThenBasket(ctx: ReviewContext, level?: ShippingCode): Promise<[boolean, boolean]> {
  const shippingLoaded = await loadShipping(ctx, level);
  return [shippingLoaded, await loadBasket(ctx)];
}

/** Shipping is priced for the current address and the basket shows it: nothing flagged is stale any more. */
function shippingPriced(): void {
  clearReloadFlags(['address', 'shipping', 'basket', 'taxShippingUnavailable']);
  if ($review.get().taxShippingUnavailable) patch({ taxShippingUnavailable: false });
}

async function prepareOrder(ctx: ReviewContext): Promise<void> {
  const plan = preparationPlan(readReloadFlags());
  if (plan.taxShippingUnavailable) patch({ taxShippingUnavailable: true });
  const [shippingLoaded, basketLoaded] = plan.basketAfterShipping
    ? await shippingThenBasket(ctx)
    : await Promise.all([loadShipping(ctx), loadBasket(ctx)]);
  const state = $review.get();
  if (
    shippingLoaded &&
    basketLoaded &&
    state.basket &&
    needsZeroShippingReload(state.selectedShipping, state.basket.ORDER.shipping)
  ) {
    // The basket's shipping is stale: ask again for the selected option, then read the basket.
    if (await loadShipping(ctx, state.selectedShipping ?? undefined)) await loadBasket(ctx);
  }
  if (shippingLoaded && basketLoaded) shippingPriced();
}

export async function retryShipping(): Promise<void> {
  if (!context) return;
  const state = $review.get();
  if ((await loadShipping(context, state.selectedShipping ?? undefined)) && (await loadBasket(context)))
    shippingPriced();
}

export async function retryBasket(): Promise<void> {
  if (context) await loadBasket(context);
}

/** Flow step 5: the option is fetched, then the basket is read for its new totals. */
export async function chooseShipping(code: ShippingCode): Promise<void> {
  if (!context || $review.get().placing) return;
  rememberShippingChoice(context.basketNum);
  patch({ selectedShipping: code });
  if ((await loadShipping(context, code)) && (await loadBasket(context))) shippingPriced();
}

/** A new payment method lifts the "try again" lock and the card warning. */
export function choosePayType(payType: PayType): void {
  const state = $review.get();
  if (state.placing) return;
  if (state.payType === payType) return;
  patch({ payType, failed: false, answerLost: false, cardWarnedAt: null, message: null });
}

/**
 * Spec checkout §4.6: editing any card field changes the payment method, so it lifts the "try
 * again" lock and the card warning; their message stays until that edit, so the shopper reads why first.
 */
export function editCard(): void {
  const state = $review.get();
  if (state.placing || (!state.failed && !state.answerLost && state.cardWarnedAt === null)) return;
  patch({ failed: false, answerLost: false, cardWarnedAt: null, message: null });
}

export interface PlaceOrderInput {
  form: PaymentForm;
  notes: string;
  now: Date;
}

/** Flow steps 6 and 7. Never sends card data anywhere but the checkout call. */
export async function placeOrder(input: PlaceOrderInput): Promise<void> {
  const ctx = context;
  const state = $review.get();
  if (!ctx || state.placing || state.failed) return;
  const paysByCard = input.form.payType === 'cc';
  const rules = paysByCard ? await loadCardCheck() : null;
  if (paysByCard && !rules) {
    patch({ message: { key: 'review.payment.cardCheckFailed' } });
    return;
  }
  if ($review.get().placing) return;
  const errors = validatePayment(input.form, input.now, rules);
  const now = Date.now();
  const step = submitStep(errors, $review.get().cardWarnedAt, now);
  if (step === 'stop') {
    patch({ message: { key: 'review.error.form' } });
    return;
  }
  if (step === 'warnCardOnly') {
    const warning =
      errors.cardNumber === 'review.error.cardBrand' ? 'review.warning.cardBrand' : 'review.warning.cardOnly';
    patch({ cardWarnedAt: $review.get().cardWarnedAt ?? now, message: { key: warning } });
    return;
  }
  const payType = input.form.payType;
  if (payType === null) return;
  patch({ placing: true, answerLost: false, message: null });

  const language = await setBasketLanguage(ctx.basketNum, ctx.locale);
  if (!language.ok) {
    patch({ placing: false, message: { key: 'review.error.connection' } });
    return;
  }

  const menu = $review.get().basket?.ORDER.group_menu_id;
  const groupMenuId = menu === undefined ? undefined : String(menu);
  const result = await sendCheckout(ctx.basketNum, ctx.guest, {
    payType,
    order_notes: input.notes.trim(),
    ...(groupMenuId ? { group_menu_id: groupMenuId } : {}),
    ...(payType === 'cc'
      ? {
          cardNumber: cardDigits(input.form.cardNumber),
          csv: input.form.csv.trim(),
          exp_month: input.form.expMonth,
          exp_year: input.form.expYear,
        }
      : {}),
    ...(payType === 'pp' ? { siteOrigin: browser().location().origin } : {}),
  });

  const answer = result.ok ? result.value : null;
  // The server recorded the order (or the wallet payment begun) for this visitor with this answer:
  // payment success reads it from the store API, in this tab or any other.
  if (answer?.receipt) {
    browser().assign(localizedPath('/payment-success/', ctx.locale));
    return;
  }
  if (answer?.walletUrl) {
    browser().assign(answer.walletUrl);
    return;
  }
  if (!result.ok && checkoutAnswerLost(result.failure)) {
    patch({ placing: false, answerLost: true, cardWarnedAt: null, message: { key: 'review.error.answerLost' } });
    return;
  }
  const failure = result.ok ? null : result.failure;
  patch({
    placing: false,
    failed: true,
    declined: isCardDecline(failure),
    cardWarnedAt: null,
    message: checkoutFailure(failure),
  });
}
