import type { Db } from './db.ts';
import type { AccessClaims } from './tokens.ts';

/** `production` is `normal` without development conveniences (back-office shortcuts, GraphQL introspection). */
export type ApiMode = 'normal' | 'test' | 'production';

/** What every route module receives. */
export interface ApiContext {
  db: Db;
  mode: ApiMode;
  key: Uint8Array;
  /** HMAC key of rating links (`STORE_API_RATING_KEY`). */
  ratingKey: string;
  /** Seconds an access token lives; test mode may shorten it. */
  accessTokenLifetime: number;
  /** Origins of the sites allowed to come back from the simulated wallet page. */
  siteOrigins: string[];
  /** Whether the simulated chat has an operator online. */
  chatOnline: boolean;
  now: () => Date;
  /** Stores that take orders without payment (`payType: ol`). */
  payLaterStores: readonly string[];
  /** Test mode: failed password guesses per client before the backoff starts. */
  loginClientFreeFailures: number | undefined;
  /** Rate limiters of the routes; a test-mode reset clears them. */
  limiters: { clear(): void }[];
}

export type ApiEnv = { Variables: { user: AccessClaims | null } };
