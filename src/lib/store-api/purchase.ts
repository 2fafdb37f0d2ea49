import { dollarsOf } from '~/lib/money';
import type { Receipt } from './receipt';

/**
 * The purchase event of an order, as the store's analytics take it: the order and its items from
 * the receipt, amounts in dollars again; card data never takes part.
 */
export function purchaseEvent(receipt: Receipt, storeId: string) {
  const order = receipt.GAORDER;
  return {
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
  };
}
