import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { stopStart } from './fatal-line.mjs';
import { trustedProxies } from './trusted-proxies.ts';

/** Every setting of the site, read once from the environment. */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/** A switch that, when unset, leaves the decision to the store variant. */
const override = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'));

/** A comma-separated list of addresses or ranges, without blanks. */
function addressesOf(list: string): string[] {
  return list
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

export const configSchema = z.object({
  STORE_ID: z.enum(['marine', 'cycle']).default('marine'),
  /** Where the store API answers, http or https; required in production, this machine's port 4010 elsewhere. */
  STORE_API_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  PUBLIC_APP_ENV: z.enum(['development', 'staging', 'e2e', 'production']).default('development'),
  BLOCK_PURCHASES: flag,
  DISABLE_PAYPAL: flag,
  SUBMIT_WITHOUT_PAYMENT: override,
  STOREFRONT_URL: z.url().optional(),
  NEW_SHOP_URL: z.url().optional(),
  CHAT_KEY: z.string().min(1).optional(),
  CHAT_SCRIPT_URL: z.url().optional(),
  /** Unset: every title ends with the store's name (`src/lib/document-title.ts`). */
  TITLE_SUFFIX: z.string().optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  /**
   * How long one request (a page, an action, a proxied call) waits for the store API in all, before
   * it answers with its error state: each of its calls gets what is left (src/lib/server/request-deadline.ts).
   */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(3000),
  /**
   * Calls of one group within its breaker's window before it may open (src/lib/server/upstream-breaker.ts):
   * two, so one shopper alone meets a hanging part of the store API at most twice an instance.
   */
  UPSTREAM_BREAKER_MIN_CALLS: z.coerce.number().int().min(1).max(10000).default(2),
  /** How long an open breaker refuses calls at once before it lets one probe through. */
  UPSTREAM_BREAKER_OPEN_MS: z.coerce.number().int().min(100).max(600000).default(10000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Off when unset or empty (`METRICS_PORT=` in an env file). */
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  /** The public origin (scheme, host, port) visitors use; read when the server starts. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Proxies whose X-Forwarded-Proto and X-Forwarded-For are believed (nginx in front, and any
   * balancer before it): comma-separated addresses or CIDR ranges.
   */
  TRUST_PROXY: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
  /** After SIGTERM: how long new requests are still served while readiness answers 503. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120000).default(5000),
  /** After the grace period: how long requests in flight may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300000).optional(),
  /**
   * Signs the guests' basket keys, so the site honours only keys it issued. Every instance behind
   * one balancer needs the same one; required in production.
   */
  BASKET_KEY_SECRET: z.string().optional(),
  /** Production over plain http beyond this machine: refused at start unless this says so. */
  ALLOW_PLAIN_HTTP: flag,
});

type ParsedEnv = z.infer<typeof configSchema>;
export type AppConfig = Omit<
  ParsedEnv,
  'STORE_API_URL' | 'SITE_URL' | 'TRUST_PROXY' | 'SHUTDOWN_TIMEOUT_MS' | 'BASKET_KEY_SECRET'
> & {
  STORE_API_URL: string;
  SITE_URL: string;
  BASKET_KEY_SECRET: string;
  TRUST_PROXY: string[];
  SHUTDOWN_TIMEOUT_MS: number;
};

/** The reference store API as `npm run store-api` starts it. */
const DEV_STORE_API_URL = 'http://127.0.0.1:4010/';

/** 32 characters: 192 bits of base64, more than an HMAC-SHA256 key needs to be unguessable. */
const MIN_SECRET_LENGTH = 32;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Browsers treat loopback hosts as secure, so plain http is enough there even in production. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/** A listening address only this machine reaches. */
export function isLoopbackAddress(host: string): boolean {
  return isLoopbackHost(host) || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Why production must not serve plain http beyond this machine, or null when it does not: over
 * plain http anyone on the way reads and plants cookies (a basket key the site signed, the page
 * Checkout leads back to). Loopback alone is safe, as browsers treat it as a secure context.
 */
export function plainHttpRefusal(site: URL, host: string): string | null {
  if (site.protocol === 'https:') return null;
  const fix = 'serve https (SITE_URL https://…) or set ALLOW_PLAIN_HTTP=true';
  if (!isLoopbackHost(site.hostname))
    return `Invalid SITE_URL: must be https in production (got ${site.origin}): over plain http cookies can be read and planted; ${fix}`;
  if (!isLoopbackAddress(host))
    return `Invalid HOST: plain http in production listens on loopback only (SITE_URL ${site.origin}, HOST ${host}): over plain http cookies can be read and planted; ${fix}`;
  return null;
}

/**
 * Rules across settings: production needs its public origin, over https unless on this machine,
 * its store API's address, and a shutdown deadline longer than the store API timeout so a drained call still gets its answer.
 */
function completeConfig(parsed: ParsedEnv): AppConfig {
  const production = parsed.PUBLIC_APP_ENV === 'production';
  if (production && !parsed.SITE_URL)
    throw new ConfigError(
      'Invalid SITE_URL: required in production (the public https origin, e.g. https://parts.example.com/)',
    );
  const site = new URL(parsed.SITE_URL ?? `http://localhost:${parsed.PORT}/`);
  // The site is built for the root of its host: a path would be left out of every link it writes.
  if (site.pathname !== '/' || site.search || site.hash)
    throw new ConfigError(
      `Invalid SITE_URL: must be an origin without a path (got ${site.href}): the site is served at the root of its host`,
    );
  if (production && !parsed.ALLOW_PLAIN_HTTP) {
    const refusal = plainHttpRefusal(site, parsed.HOST);
    if (refusal) throw new ConfigError(refusal);
  }
  const secret = parsed.BASKET_KEY_SECRET ?? '';
  if ((production || secret !== '') && secret.length < MIN_SECRET_LENGTH)
    throw new ConfigError(
      `Invalid BASKET_KEY_SECRET: required in production, at least ${MIN_SECRET_LENGTH} characters, the same on every instance (e.g. openssl rand -base64 32)`,
    );
  // A forgotten store API address must not quietly become this machine's (a site that looks up and
  // answers every page with its error state).
  if (production && !parsed.STORE_API_URL)
    throw new ConfigError(
      `Invalid STORE_API_URL: required in production (the store API's http or https address, e.g. ${DEV_STORE_API_URL})`,
    );
  const timeout = parsed.SHUTDOWN_TIMEOUT_MS ?? parsed.UPSTREAM_TIMEOUT_MS + 5000;
  if (timeout <= parsed.UPSTREAM_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid SHUTDOWN_TIMEOUT_MS: must be longer than UPSTREAM_TIMEOUT_MS (${parsed.UPSTREAM_TIMEOUT_MS})`,
    );
  }
  const trustProxy = addressesOf(parsed.TRUST_PROXY);
  try {
    trustedProxies(trustProxy);
  } catch (error) {
    throw new ConfigError(`Invalid TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    ...parsed,
    STORE_API_URL: parsed.STORE_API_URL ?? DEV_STORE_API_URL,
    SITE_URL: `${site.origin}/`,
    TRUST_PROXY: trustProxy,
    SHUTDOWN_TIMEOUT_MS: timeout,
    // Outside production one server alone signs and checks its keys: one of its own will do.
    BASKET_KEY_SECRET: secret || randomBytes(32).toString('base64url'),
  };
}

export class ConfigError extends Error {}

/** Parses an environment; a bad value throws one line naming the variable and what it accepts. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return completeConfig(result.data);
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const allowed =
    issue && 'values' in issue && Array.isArray(issue.values) ? ` (allowed: ${issue.values.join(', ')})` : '';
  throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'}${allowed}`);
}

function readConfig(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) stopStart(error.message);
    throw error;
  }
}

export const config: AppConfig = readConfig();
