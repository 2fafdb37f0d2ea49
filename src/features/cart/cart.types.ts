/** The basket as GET a/basket/{basketNum} answers it (store-api/README.md). */
export interface BasketItem {
  product_id: number;
  sku: string;
  name: string;
  description: string;
  product_url: string;
  ship_class: string;
  quantity: number;
  inventory: number;
  pricediscounted: number;
  extprice: number;
  base_price: number;
  saved_amount?: number;
  percentagesaved?: number;
  mfg_account_id: number;
  customer_can_buy: number | boolean;
  eta?: string | null;
  sm_image?: string | null;
}

export interface ManufacturerDelay {
  mfg: number;
  url: string;
}

export interface BasketOrder {
  basketNum: string;
  orderTotal: number;
  shipping: number;
  tax: number;
  group_menu_id?: number;
  mfgDelays?: ManufacturerDelay[];
  /** The basket became an order: it can no longer change. */
  ordered?: boolean | number;
}

export interface Basket {
  ORDER: BasketOrder;
  BASKET: BasketItem[];
}

export interface Suggestion {
  product_id: number;
  sku: string;
  name: string;
  base_price: number;
  ship_class: string;
  customer_can_buy: number | boolean;
  sm_image?: string | null;
  mfg_account_id: number;
}
