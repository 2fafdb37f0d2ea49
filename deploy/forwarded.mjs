// Which forwarded headers of a request the site believes. Astro builds its request URL (and so its
// origin check) from Host and X-Forwarded-Proto; only the proxy in front may say the visitor came
// over https, and the host always comes from Host (nginx passes the visitor's).

/** @param {string | string[] | undefined} value */
function firstValue(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim().toLowerCase() ?? '';
}

/** @param {string | string[] | undefined} value */
function lastValue(value) {
  const text = Array.isArray(value) ? value.join(',') : value;
  return (
    text
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1) ?? ''
  );
}

/**
 * Keeps X-Forwarded-Proto (one value, http or https) and X-Forwarded-For only from a trusted peer;
 * X-Forwarded-Host and -Port never. Of X-Forwarded-For only the last entry is kept, the address
 * the trusted proxy itself saw: the earlier ones are whatever the visitor sent, and Astro takes
 * the first as the client address, which login limits count.
 * @param {import('node:http').IncomingMessage} req
 * @param {readonly string[]} trustedPeers
 */
export function applyForwardedTrust(req, trustedPeers) {
  delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-port'];
  const trusted = trustedPeers.includes(req.socket?.remoteAddress ?? '');
  const proto = firstValue(req.headers['x-forwarded-proto']);
  if (trusted && (proto === 'https' || proto === 'http')) req.headers['x-forwarded-proto'] = proto;
  else delete req.headers['x-forwarded-proto'];
  const client = lastValue(req.headers['x-forwarded-for']);
  if (trusted && client) req.headers['x-forwarded-for'] = client;
  else delete req.headers['x-forwarded-for'];
}
