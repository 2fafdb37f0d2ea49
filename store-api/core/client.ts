import type { Context } from 'hono';

/**
 * The address a call comes from, for per-client limits. The site calls the store API for every
 * visitor, so the address its proxy forwards (`X-Forwarded-For`, last entry) is the client's;
 * it is believed only from a peer on this host, or anyone could pick the address they are
 * counted under.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | undefined): string {
  const direct = peer ?? 'unknown';
  if (!forwardedFor || !isLoopback(direct)) return direct;
  const last = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? direct;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export function clientAddress(c: Context): string {
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
  return clientAddressOf(peer, c.req.header('x-forwarded-for'));
}
