import type { Db } from './db.ts';
import type { AccessClaims } from './tokens.ts';

export type ApiMode = 'normal' | 'test';

/** What every route module receives. */
export interface ApiContext {
  db: Db;
  mode: ApiMode;
  key: Uint8Array;
  /** Seconds an access token lives; test mode may shorten it. */
  accessTokenLifetime: number;
  /** Origins of the sites allowed to come back from the simulated wallet page. */
  siteOrigins: string[];
  /** Whether the simulated chat has an operator online. */
  chatOnline: boolean;
  now: () => Date;
}

export type ApiEnv = { Variables: { user: AccessClaims | null } };
