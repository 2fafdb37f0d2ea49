import type { Failure } from '~/lib/store-api/result';
import { isFields } from './read';

/**
 * A call whose answer never came from the store: the browser lost the connection (offline), or
 * the proxy's own 502 or 504, which it marks `unanswered: true`. The call may have been carried out.
 */
export function isAnswerLost(failure: Failure): boolean {
  if (failure.kind === 'offline') return true;
  if (failure.kind !== 'http') return false;
  return (
    (failure.status === 502 || failure.status === 504) && isFields(failure.body) && failure.body['unanswered'] === true
  );
}
