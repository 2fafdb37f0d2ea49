import { browser } from '~/lib/browser';
import { atom } from 'nanostores';
import { forgetBasketInBrowser } from '~/lib/session/basket-cookie';
import { isAnswerLost } from '~/lib/api/answer-lost';
import { checkoutAnswerOf } from '~/lib/store-api/checkout';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import {
  checkoutStorageKey,
  decideStart,
  LAST_INVOICE_KEY,
  parseStoredCheckout,
  walletConfirmation,
  walletErrorReference,
} from './payment-success';
import type { PaymentMethod, Receipt } from '~/lib/store-api/receipt';
import { confirmWallet, sendPurchaseAnalytics } from './payment-success.api';

export type SuccessState =
  | { state: 'loading' }
  | { state: 'walletError'; orderNo: string | null }
  /** The confirmation's answer was lost: the order may exist, and confirming again shows it. */
  | { state: 'walletUnconfirmed'; orderNo: string | null }
  | { state: 'missing' }
  | { state: 'success'; receipt: Receipt; payMethod: PaymentMethod };

export const $paymentSuccess = atom<SuccessState>({ state: 'loading' });

function read(key: string): string | null {
  try {
    return browser().sessionStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) browser().sessionStorage()?.removeItem(key);
    else browser().sessionStorage()?.setItem(key, value);
  } catch {
    // Without storage the invoice simply does not survive a reload.
  }
}

/** The invoice already shown in this tab, so a reload after the cart was cleared still shows it. */
function lastShown(): { receipt: Receipt; payMethod: PaymentMethod } | null {
  const stored = parseStoredCheckout(read(LAST_INVOICE_KEY));
  return stored?.receipt ? { receipt: stored.receipt, payMethod: stored.payMethod } : null;
}

/**
 * `kept` is the stored checkout as the store answered it (`{payMethod, receipt}`), so a reload
 * reads it through the same decoder as the first showing.
 */
function finish(receipt: Receipt, payMethod: PaymentMethod, storeId: string, kept: string): void {
  write(LAST_INVOICE_KEY, kept);
  // The order is placed: the cart starts afresh.
  forgetBasketInBrowser();
  $paymentSuccess.set({ state: 'success', receipt, payMethod });
  void sendPurchaseAnalytics(receipt, storeId);
}

export interface SuccessContext {
  signedIn: boolean;
  basketNum: string | undefined;
  token: string | null;
  storeId: string;
  locale: Locale;
  redirectTo: string;
}

let lastContext: SuccessContext | null = null;

/** Try again after a lost wallet answer: the same start, with the method still stored. */
export function retryPaymentSuccess(): Promise<void> {
  return lastContext ? startPaymentSuccess(lastContext) : Promise.resolve();
}

/**
 * Spec checkout §4 Payment success. The stored method is removed once the outcome is known; a
 * wallet confirmation whose answer was lost keeps it, so a retry or a return confirms again.
 */
export async function startPaymentSuccess(ctx: SuccessContext): Promise<void> {
  lastContext = ctx;
  $paymentSuccess.set({ state: 'loading' });
  const key = ctx.basketNum ? checkoutStorageKey(ctx.basketNum) : null;
  const storedText = key ? read(key) : null;
  const stored = parseStoredCheckout(storedText);
  const start = decideStart({ signedIn: ctx.signedIn, basketNum: ctx.basketNum, stored, token: ctx.token });
  if (start.kind === 'redirect') {
    const shown = ctx.signedIn ? lastShown() : null;
    if (shown) $paymentSuccess.set({ state: 'success', ...shown });
    else browser().replace(localizedPath(ctx.redirectTo, ctx.locale));
    return;
  }
  if (start.kind === 'wallet') {
    if (!start.token) {
      if (key) write(key, null);
      $paymentSuccess.set({ state: 'walletError', orderNo: null });
      return;
    }
    const result = await confirmWallet(start.token);
    const answer = checkoutAnswerOf(result);
    // The order may have been placed: confirming again is safe, the store answers a confirmed token with its receipt.
    if (!result.ok && isAnswerLost(result.failure)) {
      $paymentSuccess.set({ state: 'walletUnconfirmed', orderNo: walletErrorReference(answer) });
      return;
    }
    if (key) write(key, null);
    const receipt = result.ok ? walletConfirmation(result.value) : null;
    if (!receipt || !answer) {
      $paymentSuccess.set({ state: 'walletError', orderNo: walletErrorReference(answer) });
      return;
    }
    finish(receipt, 'pp', ctx.storeId, JSON.stringify({ payMethod: 'pp', receipt: answer.keptReceipt }));
    return;
  }
  if (key) write(key, null);
  if (!start.receipt) {
    $paymentSuccess.set({ state: 'missing' });
    return;
  }
  finish(start.receipt, start.payMethod, ctx.storeId, storedText ?? '');
}
