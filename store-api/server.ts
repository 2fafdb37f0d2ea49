import { Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import { HTTPException } from 'hono/http-exception';
import { ApiError, unavailableMessage } from './core/errors.ts';
import { limitBody, limitJsonDepth, limitUri } from './core/limits.ts';
import { applySchema, openDatabase, getMeta, setMeta, transaction, type Db } from './core/db.ts';
import { signingKey } from './core/tokens.ts';
import { ratingKeyFrom } from './rules/rating.ts';
import { readUser } from './core/auth.ts';
import { createFaults } from './core/faults.ts';
import type { ApiContext, ApiEnv, ApiMode } from './core/context.ts';
import { modules } from './modules.ts';
import { createRoute } from '@hono/zod-openapi';
import { at, json, ok, type Operation } from './core/operation.ts';

const health = createRoute({ method: 'get', path: '/health', summary: 'Liveness', responses: { 200: json(ok) } });

/** Routes of the server itself (the modules' own are in their `operations`). */
export const serverOperations: readonly Operation[] = [health];

export interface StoreApiOptions {
  dbPath: string;
  mode: ApiMode;
  accessTokenLifetime?: number;
  siteOrigins?: string[];
  chatOnline?: boolean;
  now?: () => Date;
  /** Stores that take orders without payment (`payType: ol`); none unless listed. */
  payLaterStores?: readonly string[];
  /**
   * Failed password guesses (logins, current passwords) per client before the backoff starts, in test mode only: the journeys all come
   * from one address (the default is proven by the throttle's own tests).
   */
  loginClientFreeFailures?: number | undefined;
  /** HMAC key of rating links; the development key when unset (required in production mode). */
  ratingKey?: string | undefined;
  /** Wait for another connection's lock (default 5 s); tests of a locked database shorten it. */
  busyTimeoutMs?: number;
  /** Called once per answered request (main.ts writes it as a JSON line). */
  logRequest?: ((entry: RequestLogEntry) => void) | undefined;
}

/**
 * One request as the log shows it: the route's pattern, never its path (a path carries basket
 * numbers, order numbers and wallet tokens), and the request id the site sent (X-Request-Id), so
 * one visitor's request can be followed from nginx through the site to here.
 */
export interface RequestLogEntry {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string | null;
}

const MAX_REQUEST_ID = 128;

export interface StoreApi {
  app: Hono<ApiEnv>;
  ctx: ApiContext;
  reset: () => void;
}

function seedOnce(db: Db): void {
  if (getMeta(db, 'seeded') === '1') return;
  transaction(db, () => {
    for (const module of modules) module.seed?.(db);
    setMeta(db, 'seeded', '1');
  });
}

function dropAll(db: Db): void {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  db.exec('PRAGMA foreign_keys = OFF');
  for (const { name } of tables) db.exec(`DROP TABLE IF EXISTS "${name}"`);
  db.exec('PRAGMA foreign_keys = ON');
}

/** Builds the reference store API over one database. */
export function createStoreApi(options: StoreApiOptions): StoreApi {
  const schemas = modules.flatMap((module) => (module.schema ? [module.schema] : []));
  const db = openDatabase(options.dbPath, schemas, options.busyTimeoutMs);
  seedOnce(db);
  const ctx: ApiContext = {
    db,
    mode: options.mode,
    key: signingKey(db),
    ratingKey: ratingKeyFrom(options.ratingKey, options.mode === 'production'),
    accessTokenLifetime: options.accessTokenLifetime ?? 900,
    siteOrigins: options.siteOrigins ?? ['http://127.0.0.1:4321', 'http://localhost:4321'],
    chatOnline: options.chatOnline ?? true,
    now: options.now ?? (() => new Date()),
    payLaterStores: options.payLaterStores ?? [],
    loginClientFreeFailures:
      options.mode === 'test' && Number.isInteger(options.loginClientFreeFailures)
        ? options.loginClientFreeFailures
        : undefined,
    limiters: [],
  };

  const app = new Hono<ApiEnv>();
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ message: error.message, ...error.extra }, error.status as 400);
    if (error instanceof HTTPException && error.status < 500) return c.json({ message: error.message }, error.status);
    const unavailable = unavailableMessage(error);
    if (unavailable) {
      console.error(`503: ${error.message}`);
      return c.json({ message: unavailable }, 503, { 'Retry-After': '1' });
    }
    console.error(error);
    return c.json({ message: 'internal error' }, 500);
  });
  app.notFound((c) => c.json({ message: 'not found' }, 404));
  const { logRequest } = options;
  if (logRequest)
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const route = matchedRoutes(c)
        .filter((matched) => matched.method !== 'ALL')
        .at(-1)?.path;
      logRequest({
        method: c.req.method,
        route: route ?? (c.res.status === 404 ? 'not-found' : 'unrouted'),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        requestId: c.req.header('x-request-id')?.slice(0, MAX_REQUEST_ID) ?? null,
      });
    });
  // Every answer, errors included: a browser never guesses a type other than the one declared.
  app.use(async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use(limitUri());
  app.use(limitBody());
  app.use(limitJsonDepth());
  const reset = () => {
    dropAll(db);
    applySchema(db, schemas);
    setMeta(db, 'jwt_secret', new TextDecoder().decode(ctx.key));
    seedOnce(db);
    for (const limiter of ctx.limiters) limiter.clear();
  };

  if (options.mode === 'test') {
    const faults = createFaults();
    app.use('*', async (c, next) => {
      if (new URL(c.req.url).pathname.startsWith('/__test/')) return next();
      return faults.middleware(c as never, next);
    });
    app.route('/__test/faults', faults.routes);
    app.post('/__test/reset', (c) => {
      reset();
      return c.json({ ok: true });
    });
    app.post('/__test/token-lifetime', async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { seconds?: unknown };
      const seconds = Number(body.seconds);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86400)
        return c.json({ message: 'seconds: 1 to 86400' }, 400);
      ctx.accessTokenLifetime = seconds;
      return c.json({ ok: true });
    });
    app.post('/__test/chat', async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { online?: unknown };
      if (typeof body.online !== 'boolean') return c.json({ message: 'online: boolean required' }, 400);
      ctx.chatOnline = body.online;
      return c.json({ ok: true });
    });
  }

  app.use('*', readUser(ctx));
  app.on(...at(health), (c) => c.json({ ok: true }));
  for (const module of modules) module.register(app, ctx);
  return { app, ctx, reset };
}
