import { atom } from 'nanostores';
import { cancelRequests } from '~/lib/api/client';
import { failureMessage, isCancelledFailure } from '~/lib/store-api/result';
import { notify } from '~/lib/notifications/notifications.store';
import { $cart, addToBasket, moveToBasket, reloadBasket } from '~/features/cart/public';
import type { StoreId } from '~/stores';
import { batchesOf, parseBulkText, skipReason, type LookupStatus, type UnreadableLine } from './bulk-add';
import { addBulk, lookupParts, LOOKUP_FLAG, type FoundLine, type FoundProduct } from './bulk-add.api';
import { setBasketLanguage } from '~/lib/store-api/calls';
import { apiFlag } from '~/lib/store-api/flags';
import { BLINK_MS } from '~/lib/motion';

export type ResultStatus = LookupStatus;

export interface BulkResult {
  sku: string;
  quantity: number;
  status: ResultStatus;
  product?: FoundProduct;
  /** Just added: the card blinks for BLINK_MS. */
  highlighted?: boolean;
  /** Why the last add of this card failed. */
  message?: string;
}

export interface BulkState {
  results: BulkResult[];
  unreadable: UnreadableLine[];
  searching: boolean;
  adding: boolean;
  /** A batch lookup failed as a whole: the island says so and offers Try again. */
  failed: boolean;
  /** The manufacturer the last search looked in: a miss names it and offers the others. */
  manufacturerId?: number;
}

const empty: BulkState = { results: [], unreadable: [], searching: false, adding: false, failed: false };
/** Flag of a single card's Try again: it runs beside a search instead of cancelling it. */
const RETRY_FLAG = 'bulkLookupRetry';
export const $bulk = atom<BulkState>(empty);

interface BulkSettings {
  storeId: StoreId;
  locale: string;
  errorText: string;
  /** Told when the basket had become an order and the cards went into a new one. */
  orderedText: string;
}

/** The island's store and texts in the page's language: `configureBulk` sets them before its first search. */
const settings: BulkSettings = { storeId: 'marine', locale: 'en', errorText: '', orderedText: '' };
/** The running search: a newer one, or a cancel, makes its late lines drop. */
let search: object | null = null;
/** The manufacturer the cards were looked up under, for a card's Try again. */
let searchManufacturer = 0;

export function configureBulk(next: BulkSettings): void {
  Object.assign(settings, next);
}

function patch(next: Partial<BulkState>): void {
  $bulk.set({ ...$bulk.get(), ...next });
}

function patchResult(index: number, change: Partial<BulkResult>): void {
  patch({ results: $bulk.get().results.map((result, at) => (at === index ? { ...result, ...change } : result)) });
}

/** Stops a running search; its late answers are dropped. */
export function cancelSearch(): void {
  if (search) cancelRequests(LOOKUP_FLAG);
  search = null;
  if ($bulk.get().searching) patch({ searching: false });
}

/** Reads the text and looks every part up in batches, each card filled in as its line arrives. */
export async function findProducts(text: string, mfgAccountId: number): Promise<void> {
  cancelSearch();
  searchManufacturer = mfgAccountId;
  const { lines, unreadable } = parseBulkText(text);
  $bulk.set({
    results: lines.map((line) => ({ sku: line.sku, quantity: line.quantity, status: 'searching' })),
    unreadable,
    searching: lines.length > 0,
    adding: false,
    failed: false,
    manufacturerId: mfgAccountId,
  });
  await lookUpCards(lines.map((_, index) => index));
}

/** Looks the given cards up again in one search: the Try again of a failed batch. */
export async function retryFailed(): Promise<void> {
  cancelSearch();
  const indexes = $bulk.get().results.flatMap((result, index) => (result.status === 'lookupError' ? [index] : []));
  patch({
    results: $bulk
      .get()
      .results.map((result) => (result.status === 'lookupError' ? { ...result, status: 'searching' } : result)),
    searching: indexes.length > 0,
    failed: false,
  });
  await lookUpCards(indexes);
}

/**
 * Looks cards up batch after batch. A part the store API did not answer is an error card with
 * Try again; a batch that failed as a whole (refused, cut off, no connection) leaves its cards and
 * the ones after it as error cards and sets `failed`, which the island shows with Try again.
 */
async function lookUpCards(indexes: readonly number[]): Promise<void> {
  const mine = {};
  search = mine;
  const skus = indexes.map((index) => $bulk.get().results[index]?.sku ?? '');
  let failures = 0;
  let failed = false;
  for (const batch of batchesOf(indexes)) {
    // Lines that came before an answer was cut off stand; the parts after them failed.
    let answered = 0;
    const answer = await lookupParts(
      searchManufacturer,
      skus.slice(batch.start, batch.start + batch.items.length),
      (lines, first) => {
        if (search !== mine) return;
        answered = first + lines.length;
        const outcomes = new Map<number, Partial<BulkResult>>();
        lines.forEach((line, at) => {
          const outcome = lineOutcome(line);
          if (outcome.status === 'lookupError') failures += 1;
          outcomes.set(batch.items[first + at] as number, outcome);
        });
        patch({
          results: $bulk.get().results.map((result, index) => {
            const outcome = outcomes.get(index);
            return outcome ? { ...result, ...outcome } : result;
          }),
        });
      },
    );
    if (search !== mine) return;
    if (!answer.ok || answered < batch.items.length) {
      failed = true;
      const unanswered = new Set(indexes.slice(batch.start + answered));
      patch({
        results: $bulk
          .get()
          .results.map((result, index) => (unanswered.has(index) ? { ...result, status: 'lookupError' } : result)),
      });
      break;
    }
  }
  search = null;
  patch({ searching: false, failed });
  // One generic error for the parts the store API did not answer; their cards say so and offer Try again.
  if (failures > 0 && !failed) notify({ text: settings.errorText, type: 'error' });
}

/** A lookup that did not answer is not a part that does not exist: it can be tried again. */
function lineOutcome(line: FoundLine): Partial<BulkResult> {
  if ('failed' in line) return { status: 'lookupError' };
  return line.product ? { status: 'found', product: line.product } : { status: 'notFound' };
}

/** Looks the part of one failed card up again, under the manufacturer of its search. */
export async function retryLookup(index: number): Promise<void> {
  const result = $bulk.get().results[index];
  if (result?.status !== 'lookupError') return;
  const sku = result.sku;
  patchResult(index, { status: 'searching' });
  let outcome: Partial<BulkResult> = { status: 'lookupError' };
  const answer = await lookupParts(
    searchManufacturer,
    [sku],
    ([line]) => {
      if (line) outcome = lineOutcome(line);
    },
    RETRY_FLAG,
  );
  // The list may have changed meanwhile (cleared, dismissed): only the same card takes the answer.
  const now = $bulk.get().results.findIndex((candidate) => candidate.sku === sku && candidate.status === 'searching');
  if (now === -1 || isCancelledFailure(answer)) return;
  patchResult(now, outcome);
  if (outcome.status === 'lookupError') notify({ text: settings.errorText, type: 'error' });
}

export function clearAll(): void {
  cancelSearch();
  $bulk.set(empty);
}

/** Drops the found cards but keeps the text. */
export function clearProducts(): void {
  cancelSearch();
  patch({ results: [], failed: false });
}

export function dismissResult(index: number): void {
  patch({ results: $bulk.get().results.filter((_, at) => at !== index) });
}

export function setResultQuantity(index: number, quantity: number): void {
  patchResult(index, { quantity: Math.max(0, quantity) });
}

/**
 * Adds the given cards in one request, leaving out those that cannot be added as they stand (the
 * card says why: `skipReason`); a new basket is created when none exists, or when the basket has
 * meanwhile become an order.
 */
export async function addResults(indexes: readonly number[]): Promise<void> {
  const state = $bulk.get();
  const chosen: { index: number; product: FoundProduct; quantity: number }[] = [];
  for (const index of indexes) {
    const result = state.results[index];
    if (!result?.product || result.status === 'added') continue;
    if (skipReason({ ...result.product, customer_can_buy: apiFlag(result.product.customer_can_buy) }, result.quantity))
      continue;
    chosen.push({ index, product: result.product, quantity: result.quantity });
  }
  if (chosen.length === 0) return;
  patch({ adding: true });
  const hadBasket = $cart.get().basketNum;
  const items = chosen.map((entry) => ({ product_id: entry.product.product_id, quantity: entry.quantity }));
  const { answer, renewed } = await addToBasket(hadBasket, (basketNum) => addBulk(basketNum, settings.storeId, items));
  if (!answer.ok) {
    const message = failureMessage(answer.failure) || settings.errorText;
    for (const entry of chosen) patchResult(entry.index, { status: 'addError', message });
    patch({ adding: false });
    if (!isCancelledFailure(answer)) notify({ text: message, type: 'error' });
    return;
  }
  const added: number[] = [];
  for (const entry of chosen) {
    const outcome = answer.value.results.find((candidate) => candidate.product_id === entry.product.product_id);
    if (outcome?.SUCCESS) added.push(entry.product.product_id);
    patchResult(
      entry.index,
      outcome?.SUCCESS
        ? { status: 'added', highlighted: true }
        : { status: 'addError', message: outcome?.message ?? settings.errorText },
    );
  }
  // The added cards blink once (spec §9); found by product, as the list may change meanwhile.
  if (added.length > 0) {
    setTimeout(() => {
      patch({
        results: $bulk
          .get()
          .results.map((result) =>
            result.product && added.includes(result.product.product_id) ? { ...result, highlighted: false } : result,
          ),
      });
    }, BLINK_MS);
  }
  patch({ adding: false });
  const basketNum = answer.value.BASKETNUM;
  if (basketNum && basketNum !== hadBasket) {
    moveToBasket(basketNum);
    void setBasketLanguage(basketNum, settings.locale);
  }
  if (renewed) notify({ text: settings.orderedText, type: 'warning' });
  // The sidebar and the header follow $cart: no page reload.
  await reloadBasket();
}

export function addAll(): Promise<void> {
  return addResults($bulk.get().results.map((_, index) => index));
}
