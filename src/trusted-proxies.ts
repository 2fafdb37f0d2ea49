// Which proxies' word about a client's address the site believes, and the address that follows.
// Read by src/config.ts at start and by the production entry (deploy/forwarded.mjs), which loads
// this file directly: no imports but Node's.
import { BlockList, isIP } from 'node:net';

/** An IPv4 address as the socket may report it on a dual-stack listener (`::ffff:10.0.0.1`) reads as IPv4. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** The proxies whose word about the client's address is believed: addresses and CIDR ranges. */
export interface TrustedProxies {
  has(address: string): boolean;
}

/**
 * Reads TRUST_PROXY's entries (`127.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`); an entry that is
 * neither an address nor a range throws, naming it, so a typo cannot silently trust nobody.
 */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [rawAddress = '', prefix, ...rest] = entry.split('/');
    const address = plainAddress(rawAddress);
    const family = isIP(address);
    const bits = prefix === undefined ? null : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    if (family === 0 || rest.length > 0 || (bits !== null && (!/^\d{1,3}$/.test(prefix ?? '') || bits > maxBits))) {
      throw new Error(`not an address or CIDR range: ${JSON.stringify(entry)}`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === null) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    has(candidate) {
      const address = plainAddress(candidate.trim());
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The client's address behind a chain of trusted proxies: from the peer that connected, each
 * trusted hop's X-Forwarded-For entry is taken from the right, until an address no trusted proxy
 * owns, which is the client. Entries left of it are whatever the client wrote, and never believed.
 * The same walk as nginx's `set_real_ip_from` with `real_ip_recursive on`.
 */
export function clientAddressThrough(
  peer: string,
  forwardedFor: string | readonly string[] | undefined,
  trusted: TrustedProxies,
): string {
  const entries = (typeof forwardedFor === 'string' ? forwardedFor : (forwardedFor ?? []).join(','))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let client = plainAddress(peer);
  while (trusted.has(client)) {
    const next = entries.pop();
    if (next === undefined || isIP(plainAddress(next)) === 0) break;
    client = plainAddress(next);
  }
  return client;
}
