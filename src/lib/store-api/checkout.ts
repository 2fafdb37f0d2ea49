import { isFields, readText } from '~/lib/api/read';
import { parseReceipt, type Receipt } from './receipt';
import type { Result } from './result';

/** What a checkout or a wallet confirmation answers. */
export interface CheckoutAnswer {
  receipt: Receipt | null;
  /** The wallet's page, for a wallet checkout; only an http(s) address counts. */
  walletUrl: string | null;
  /** The wallet confirmation's CODE (0 is confirmed); null when it sent none. */
  code: number | null;
  orderNo: string;
}

export function toCheckoutAnswer(body: unknown): CheckoutAnswer | undefined {
  if (!isFields(body)) return undefined;
  const code = body['CODE'] === null || body['CODE'] === undefined ? null : Number(body['CODE']);
  const walletUrl = body['PAYPAL_URL'];
  return {
    receipt: parseReceipt(body['RECEIPT']),
    walletUrl: typeof walletUrl === 'string' && /^https?:\/\//.test(walletUrl) ? walletUrl : null,
    code: code === null || Number.isNaN(code) ? null : code,
    orderNo: readText(body['ORDER_NO']),
  };
}

/** The answer of a checkout call, also when the store refused it: a refusal may still name the order. */
export function checkoutAnswerOf(result: Result<CheckoutAnswer>): CheckoutAnswer | undefined {
  if (result.ok) return result.value;
  return result.failure.kind === 'http' ? toCheckoutAnswer(result.failure.body) : undefined;
}
