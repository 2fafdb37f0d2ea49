/** What the orders feature offers other features: the order forms' part of the server forms' script. */
export { ORDER_FORMS } from './enhance-order-forms';
