import type { ApiResult } from '~/lib/api/client';
import { send } from '~/lib/store-api/browser';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { Receipt } from './payment-success';

export async function confirmWallet(token: string): Promise<ApiResult<unknown>> {
  return send(ENDPOINTS.walletConfirm, { params: { token }, data: {}, timeout: 60000 });
}

/** The analytics order and its items; card data never takes part. */
export async function sendPurchaseAnalytics(receipt: Receipt, storeId: string): Promise<void> {
  await send(ENDPOINTS.analytics, {
    flag: 'analyticsPurchase',
    data: {
      type: 'purchase',
      store_id: storeId,
      order: receipt.GAORDER ?? { order_no: receipt.ORDER_NO },
      items: receipt.GAITEMS ?? [],
    },
  });
}
