import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';

/**
 * One route of the contract: method, path (OpenAPI `{name}` form), request and response schemas.
 * The same object mounts the handlers and describes the route in `contract/openapi.json`, so the
 * document cannot say something the server does not do.
 */
export type Operation = RouteConfig;

/** OpenAPI's `/a/basket/{basketNum}` as Hono's `/a/basket/:basketNum`. */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Method and path of an operation for Hono's `app.on(...at(operation), ...handlers)`. */
export function at(operation: Operation): [method: string, path: string] {
  return [operation.method.toUpperCase(), honoPath(operation.path)];
}

/** Every failure answers `{message}`; some add fields (`CODE` of the wallet confirmation). */
export const failureAnswer = z.object({ message: z.string() }).loose().meta({ id: 'Failure' });

const FAILURE_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad or missing input, naming the field',
  401: 'No token, or an expired one',
  402: 'Payment declined',
  403: 'Not allowed for this account',
  404: "Not found, or not the caller's",
  406: 'Cancellation requested instead',
  409: 'Conflicts with the current state',
  413: 'Payload too large',
  422: 'Refused by a rule of the store',
  429: 'Rate limit exceeded; Retry-After says when to try again',
};

export const json = <Schema extends z.ZodType>(schema: Schema, description = 'JSON') => ({
  description,
  content: { 'application/json': { schema } },
});

/** The failure answers of a route, each `{message}`. */
export function failures(...statuses: number[]): Record<number, ReturnType<typeof json<typeof failureAnswer>>> {
  return Object.fromEntries(statuses.map((status) => [status, json(failureAnswer, FAILURE_TEXT[status] ?? 'Failure')]));
}

/** A JSON request body for the contract. */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema, required = true) => ({
  required,
  content: { 'application/json': { schema } },
});

export const ok = z.object({ ok: z.literal(true) });

/** Bearer access token of `Authorization`. */
export const bearer = [{ bearer: [] }];
