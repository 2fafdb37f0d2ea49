import { dollarsOf } from '~/lib/money';
import { call } from '~/lib/api/client';
import type { CheckoutAnswer } from '~/lib/store-api/checkout';
import { walletConfirm } from '~/lib/store-api/endpoints/checkout';
import { analytics } from '~/lib/store-api/endpoints/widgets';
import type { Receipt } from '~/lib/store-api/receipt';
import type { Result } from '~/lib/store-api/result';

export function confirmWallet(token: string): Promise<Result<CheckoutAnswer>> {
  return call(walletConfirm, { params: { token }, data: {}, timeout: 60000 });
}

/** The analytics order and its items, amounts in dollars again; card data never takes part. */
export async function sendPurchaseAnalytics(receipt: Receipt, storeId: string): Promise<void> {
  const order = receipt.GAORDER;
  await call(analytics, {
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
