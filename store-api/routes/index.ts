import type { Hono } from 'hono';
import type { ApiContext, ApiEnv } from '../core/context.ts';
import type { Db } from '../core/db.ts';
import { basketModule } from './basket.ts';
import { graphqlModule } from './graphql.ts';
import { authModule } from './auth.ts';
import { accountModule } from './account.ts';

/** A group of routes with its own tables and seed data. */
export interface RouteModule {
  name: string;
  /** CREATE TABLE IF NOT EXISTS statements for this module's own tables. */
  schema?: string;
  /** Deterministic seed data, run once on an empty database (after the core catalogue). */
  seed?: (db: Db) => void;
  register: (app: Hono<ApiEnv>, ctx: ApiContext) => void;
}

/** Every route module, in seeding order. Modules add themselves here. */
export const modules: RouteModule[] = [
  basketModule,
  graphqlModule,
  authModule,
  accountModule,
];
