import type { ApiResult } from '~/lib/api/client';
import { dollarsOf } from '~/lib/money';
import { send } from '~/lib/store-api/browser';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { Receipt } from './payment-success';

export async function confirmWallet(token: string): Promise<ApiResult<unknown>> {
  return send(ENDPOINTS.walletConfirm, { params: { token }, data: {}, timeout: 60000 });
}

/** The analytics order and its items, amounts in dollars again; card data never takes part. */
export async function sendPurchaseAnalytics(receipt: Receipt, storeId: string): Promise<void> {
  const order = receipt.GAORDER;
  await send(ENDPOINTS.analytics, {
    flag: 'analyticsPurchase',
    data: {
      type: 'purchase',
      store_id: storeId,
      order: order
        ? {
            ...order,
            ordertotal: dollarsOf(order.ordertotal),
            tax: dollarsOf(order.tax),
            shipping: dollarsOf(order.shipping),
          }
        : { order_no: receipt.ORDER_NO },
      items: (receipt.GAITEMS ?? []).map((item) => ({ ...item, price: dollarsOf(item.price) })),
    },
  });
}
