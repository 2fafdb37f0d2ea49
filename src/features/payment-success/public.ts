// What other features may use of payment success: how review order hands a checkout over to it.
export { checkoutStorageKey } from './payment-success';
