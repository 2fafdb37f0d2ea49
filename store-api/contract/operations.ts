import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route of the contract: method and path as openapi.json spells them (`/a/basket/{basketNum}`). */
export interface ContractOperation {
  method: HttpMethod;
  path: string;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every (method, path) of the committed `openapi.json`, for checking a client's endpoint table. */
export function contractOperations(): ContractOperation[] {
  const document = JSON.parse(readFileSync(join(import.meta.dirname, 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => method.toLowerCase() in item).map((method) => ({ method, path })),
  );
}
