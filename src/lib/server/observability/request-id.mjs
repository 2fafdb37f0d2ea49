// The request id of one request, shared by the production entry and the site's middleware: the
// one the client or nginx ($request_id) sent when it is a plain token, else a new one.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

// Anything else (spaces, quotes, newlines, very long values) could forge or break log lines.
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * @param {string | string[] | null | undefined} sent the X-Request-Id header as received
 * @returns {string}
 */
export function requestIdFrom(sent) {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return typeof value === 'string' && ACCEPTED.test(value) ? value : randomUUID();
}
