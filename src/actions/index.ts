import { account } from './account';
import { customerForm } from './customer-form';
import { orders } from './orders';
import { rating } from './rating';
import { session } from './session';

/**
 * Every change a visitor makes to their session, account or forms: one implementation each,
 * posted by the plain form (`action={path + actions.x}`), and by the island that enhances it
 * through `callAction` (`src/lib/api/call-action.ts`, the action's address and a plain fetch).
 */
export const server = { session, account, customerForm, orders, rating };
