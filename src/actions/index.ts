import { account } from './account';
import { customerForm } from './customer-form';
import { orders } from './orders';
import { rating } from './rating';
import { session } from './session';

/**
 * Every change a visitor makes to their session, account or forms: one implementation each,
 * posted by the plain form without JavaScript (`action={path + actions.x}`) and called by the
 * island with it (`actions.x(formData)`).
 */
export const server = { session, account, customerForm, orders, rating };
