// What other features may use of the cart; everything else in this folder is the cart's own.
export { addToBasket } from './add-to-basket';
export { default as BasketSummary } from './BasketSummary';
export { canBuy, exceedsInventory } from './cart';
export { $cart, initCart, moveToBasket, reloadBasket } from './cart.store';
export { shippingEstimate } from './shipping-estimate';
