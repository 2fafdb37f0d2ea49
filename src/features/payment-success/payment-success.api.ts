import { request, type ApiResult } from '~/lib/api/client';
import type { Receipt } from './payment-success';

export async function confirmWallet(token: string): Promise<ApiResult<unknown>> {
  return request({ flag: 'walletConfirm', url: `a/paypal/${encodeURIComponent(token)}`, method: 'POST', data: {}, timeout: 60000 });
}

/** The analytics order and its items; card data never takes part. */
export async function sendPurchaseAnalytics(receipt: Receipt, storeId: string): Promise<void> {
  await request({
    flag: 'analyticsPurchase',
    url: 'analytics',
    method: 'POST',
    data: { type: 'purchase', store_id: storeId, order: receipt.GAORDER ?? { order_no: receipt.ORDER_NO }, items: receipt.GAITEMS ?? [] },
  });
}
