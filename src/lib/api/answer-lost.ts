import { isFields } from './read';

/**
 * A call whose answer never came from the store: the browser lost the connection (status 0), or
 * the proxy's own 502 or 504, which it marks `unanswered: true`. The call may have been carried out.
 */
export function isAnswerLost(status: number, body: unknown): boolean {
  if (status === 0) return true;
  return (status === 502 || status === 504) && isFields(body) && body['unanswered'] === true;
}
