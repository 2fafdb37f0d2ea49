// The addresses `npm start` gives the site and the reference store API: the site's public origin
// (SITE_URL, else the address it listens on) and the origins the store API may send a wallet
// shopper back to, so every flow works on the default ports and on any PORT.

/** @param {string} host */
function browsableHost(host) {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * @param {Record<string, string | undefined>} environment
 */
export function localSiteSettings(environment) {
  const host = environment.HOST ?? '127.0.0.1';
  const port = environment.PORT ?? '4321';
  const apiPort = environment.STORE_API_PORT ?? '4010';
  const siteUrl = environment.SITE_URL ?? `http://${browsableHost(host)}:${port}/`;
  const origins = new Set([new URL(siteUrl).origin, `http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  return {
    siteUrl,
    env: {
      HOST: host,
      PORT: port,
      SITE_URL: siteUrl,
      STORE_API_PORT: apiPort,
      STORE_API_URL: environment.STORE_API_URL ?? `http://127.0.0.1:${apiPort}/`,
      SITE_ORIGINS: environment.SITE_ORIGINS ?? [...origins].join(','),
    },
  };
}
