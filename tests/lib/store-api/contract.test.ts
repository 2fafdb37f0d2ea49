import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as ENDPOINTS from '~/lib/store-api/endpoints';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The front end's call table against the reference store API's contract (store-api/contract/openapi.json). */
function contractRoutes(): string[] {
  const contract = JSON.parse(
    readFileSync(new URL('../../../store-api/contract/openapi.json', import.meta.url), 'utf8'),
  ) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(contract.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => HTTP_METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${shape(path)}`),
  );
}

/** Parameter names may differ between the table and the contract; a trailing slash is the API's spelling either way. */
function shape(path: string): string {
  return `/${path.replace(/^\/+/, '')}`.replace(/\{\w+\}/g, '{}').replace(/\/+$/, '');
}

describe('store-API call table', () => {
  const routes = contractRoutes();

  const storeCalls = Object.entries(ENDPOINTS).filter(([, entry]) => !('site' in entry));

  it.each(storeCalls)('%s is an operation of the contract', (_, entry) => {
    const own = `${entry.method} ${shape(entry.path)}`;
    expect(routes, own).toContain(own);
  });

  it('names each call once', () => {
    const calls = storeCalls.map(([, entry]) => `${entry.method} ${entry.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });
});
