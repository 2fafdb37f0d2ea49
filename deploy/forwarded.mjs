// Which forwarded headers of a request the site believes. Astro builds its request URL (and so its
// origin check) from Host and X-Forwarded-Proto, and its client address (which the login throttle
// and the order-lookup limits count, through the store API) from X-Forwarded-For; only a trusted
// proxy may say either, and the host always comes from Host (nginx passes the visitor's).
import { clientAddressThrough } from '../src/trusted-proxies.ts';

/** @param {string | string[] | undefined} value */
function firstValue(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Keeps X-Forwarded-Proto (one value, http or https) only from a trusted peer, X-Forwarded-Host
 * and -Port never, and replaces X-Forwarded-For with the one client address found through the
 * chain of trusted proxies (clientAddressThrough), which Astro then takes as the client address.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('../src/trusted-proxies.ts').TrustedProxies} trusted
 */
export function applyForwardedTrust(req, trusted) {
  delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-port'];
  const peer = req.socket?.remoteAddress ?? '';
  const fromTrusted = trusted.has(peer);
  const proto = firstValue(req.headers['x-forwarded-proto']);
  if (fromTrusted && (proto === 'https' || proto === 'http')) req.headers['x-forwarded-proto'] = proto;
  else delete req.headers['x-forwarded-proto'];
  const client = fromTrusted ? clientAddressThrough(peer, req.headers['x-forwarded-for'], trusted) : '';
  if (client) req.headers['x-forwarded-for'] = client;
  else delete req.headers['x-forwarded-for'];
}
