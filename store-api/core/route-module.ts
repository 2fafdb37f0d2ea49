import type { Hono } from 'hono';
import type { ApiContext, ApiEnv } from './context.ts';
import type { Db } from './db.ts';
import type { Operation } from './operation.ts';

/** A group of routes with its own tables and seed data. */
export interface RouteModule {
  name: string;
  /** CREATE TABLE IF NOT EXISTS statements for this module's own tables. */
  schema?: string;
  /** Deterministic seed data, run once on an empty database (after the core catalogue). */
  seed?: (db: Db) => void;
  /** The module's routes as the contract describes them (`contract/openapi.json`). */
  operations: readonly Operation[];
  register: (app: Hono<ApiEnv>, ctx: ApiContext) => void;
}
