/** Ports of the servers Playwright starts; E2E_PORT_BASE moves them all so checkouts can run side by side. */
const base = Number(process.env.E2E_PORT_BASE ?? 4500);

export const E2E_PORTS = {
  marine: base,
  cycle: base + 1,
  blocked: base + 2,
  production: base + 3,
  noWallet: base + 4,
  api: base + 10,
} as const;

/**
 * Where the `npm start` journey runs the store: npm start's own default ports (site 4321, store
 * API 4010), unless E2E_PORT_BASE moves every port of the journeys.
 */
export const E2E_START_PORTS = process.env.E2E_PORT_BASE
  ? { site: base + 50, api: base + 51 }
  : { site: 4321, api: 4010 };

/** Servers a journey starts and stops itself (the restart journey), apart from Playwright's. */
export const E2E_OWN_PORTS = {
  api: base + 20,
  site: base + 21,
  observedApi: base + 30,
  observedSite: base + 31,
  metrics: base + 32,
  securedSite: base + 40,
  memorySite: base + 41,
  stoppedSite: base + 47,
  stoppedApi: base + 48,
} as const;

/** The production topology test (scripts/scale-test.mjs) puts nginx with TLS at the marine port. */
const siteScheme = process.env.E2E_SCHEME === 'https' ? 'https' : 'http';
const url = (port: number, scheme = 'http') => `${scheme}://127.0.0.1:${port}/`;

export const E2E_SITES = {
  marine: url(E2E_PORTS.marine, siteScheme).slice(0, -1),
  cycle: url(E2E_PORTS.cycle).slice(0, -1),
  blocked: url(E2E_PORTS.blocked).slice(0, -1),
  production: url(E2E_PORTS.production).slice(0, -1),
  /** Cycle store without the wallet (DISABLE_PAYPAL) and with submit without payment switched on. */
  noWallet: url(E2E_PORTS.noWallet).slice(0, -1),
} as const;

export const E2E_API_URL = url(E2E_PORTS.api);

export type E2ESite = keyof typeof E2E_SITES;

/**
 * Each request's deadline for the store API in the journeys: short, so a timeout fault answers
 * within a test, yet far above what all of one request's calls take on a machine under load.
 */
export const E2E_UPSTREAM_TIMEOUT_MS = 6000;

/** The basket-key secret every site of the journeys shares, as the instances of one store do. */
export const E2E_BASKET_KEY_SECRET = 'journeys-basket-key-secret-0123456789abcdef';

/** How each site of the journeys differs from the marine store. */
export const E2E_SITE_SETTINGS: Record<E2ESite, Record<string, string>> = {
  marine: { STORE_ID: 'marine' },
  cycle: { STORE_ID: 'cycle' },
  blocked: { STORE_ID: 'marine', BLOCK_PURCHASES: 'true', DISABLE_PAYPAL: 'true' },
  production: { STORE_ID: 'marine', PUBLIC_APP_ENV: 'production' },
  noWallet: { STORE_ID: 'cycle', DISABLE_PAYPAL: 'true', SUBMIT_WITHOUT_PAYMENT: 'true' },
};

/** The environment of one site of the journeys: the built site in production mode, as it ships. */
export function e2eSiteEnv(site: E2ESite): Record<string, string> {
  const port = E2E_PORTS[site];
  return {
    // The journeys exercise the React build that ships.
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    STORE_API_URL: E2E_API_URL,
    PUBLIC_APP_ENV: 'e2e',
    SITE_URL: `http://127.0.0.1:${port}/`,
    UPSTREAM_TIMEOUT_MS: String(E2E_UPSTREAM_TIMEOUT_MS),
    BASKET_KEY_SECRET: E2E_BASKET_KEY_SECRET,
    ...E2E_SITE_SETTINGS[site],
  };
}
