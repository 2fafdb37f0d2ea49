import { z } from 'zod';

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

export const configSchema = z.object({
  STORE_ID: z.enum(['marine', 'cycle']).default('marine'),
  STORE_API_URL: z.url().default('http://127.0.0.1:4010/'),
  PUBLIC_APP_ENV: z.enum(['development', 'staging', 'e2e', 'production']).default('development'),
  BLOCK_PURCHASES: flag,
  DISABLE_PAYPAL: flag,
  SUBMIT_WITHOUT_PAYMENT: override,
  STOREFRONT_URL: z.url().optional(),
  NEW_SHOP_URL: z.url().optional(),
  CHAT_KEY: z.string().min(1).optional(),
  CHAT_SCRIPT_URL: z.url().optional(),
  TITLE_SUFFIX: z.string().default(''),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(15000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses an environment; a bad value throws one line naming the variable and what it accepts. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
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
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const config: AppConfig = readConfig();
