import { failureStatus, type Result } from '~/lib/store-api/result';
import { startsNewBasket } from './cart';

/**
 * One add to a basket, the same for the add-to-cart link (on the server), bulk add and the cart's
 * suggestions (in the browser): `send` makes the call with a basket number or without one. When
 * the store refuses the basket itself (see startsNewBasket), the add goes once more without a
 * number and starts a new basket; `renewed` tells the caller to say so.
 */
export async function addToBasket<T>(
  basketNum: string | undefined,
  send: (basketNum: string | undefined) => Promise<Result<T>>,
  refusals?: readonly number[],
): Promise<{ answer: Result<T>; renewed: boolean }> {
  const first = await send(basketNum);
  const renewed = !first.ok && startsNewBasket(failureStatus(first.failure), basketNum, refusals);
  return { answer: renewed ? await send(undefined) : first, renewed };
}
