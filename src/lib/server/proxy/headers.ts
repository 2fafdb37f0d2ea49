import { CLIENT_ADDRESS_HEADER } from '../client-address';

/** Request headers a browser call may pass on to the store API; everything else stays here. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'app',
  'client-timestamp',
  'cache-control',
  'x-request-id',
] as const;

export const RATE_LIMIT_HEADER = 'x-disable-rate-limit';

/** Answer headers worth passing back; hop-by-hop, cookies and encodings are never passed on. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'retry-after',
  'x-request-id',
  'content-language',
] as const;

function connectionListed(headers: Headers): Set<string> {
  return new Set(
    (headers.get('connection') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function upstreamRequestHeaders(
  incoming: Headers,
  options: { allowRateLimitHeader: boolean; clientAddress?: string | undefined },
): Headers {
  const listed = connectionListed(incoming);
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value !== null && !listed.has(name)) headers.set(name, value);
  }
  if (options.allowRateLimitHeader) {
    const value = incoming.get(RATE_LIMIT_HEADER);
    if (value !== null) headers.set(RATE_LIMIT_HEADER, value);
  }
  // Set here, never copied from the browser: the store API counts login failures per client.
  if (options.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, options.clientAddress);
  return headers;
}

export function downstreamResponseHeaders(upstream: Headers): Headers {
  const listed = connectionListed(upstream);
  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.get(name);
    if (value !== null && !listed.has(name)) headers.set(name, value);
  }
  return headers;
}
