// Which forwarded headers of a request the site believes. Astro builds its request URL (and so its
// origin check) from Host and X-Forwarded-Proto; only the proxy in front may say the visitor came
// over https, and the host always comes from Host (nginx passes the visitor's).

/** @param {string | string[] | undefined} value */
function firstValue(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Keeps X-Forwarded-Proto (one value, http or https) and X-Forwarded-For only from a trusted peer;
 * X-Forwarded-Host and -Port never.
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
  if (!trusted) delete req.headers['x-forwarded-for'];
}
