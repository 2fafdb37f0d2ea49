import type { Hono } from 'hono';
import type { ApiContext, ApiEnv } from '../core/context.ts';
import type { Db } from '../core/db.ts';
import { basketModule } from './basket.ts';
import { graphqlModule } from './graphql.ts';
import { authModule } from './auth.ts';
import { accountModule } from './account.ts';
import { shippingModule } from './shipping.ts';
import { checkoutModule } from './checkout.ts';
import { ordersModule } from './orders.ts';
import { orderClaimsModule } from './order-claims.ts';
import { warehouseModule } from './warehouse.ts';
import { trackingModule } from './tracking.ts';
import { ratingModule } from './rating.ts';
import { addressModule } from './address.ts';
import { widgetsModule } from './widgets.ts';

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
  shippingModule,
  checkoutModule,
  ordersModule,
  orderClaimsModule,
  warehouseModule,
  trackingModule,
  ratingModule,
  addressModule,
  widgetsModule,
];
