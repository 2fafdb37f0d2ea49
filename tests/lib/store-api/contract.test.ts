import { describe, expect, it } from 'vitest';
import { createStoreApi } from '../../../store-api/server.ts';
import { ENDPOINTS } from '~/lib/store-api/endpoints';

/**
 * The front end's call table against the reference store API's registered routes. The source of
 * the routes is one function, so it can read store-api/contract/openapi.json instead later.
 */
function referenceRoutes(): { method: string; path: string }[] {
  const api = createStoreApi({ dbPath: ':memory:', mode: 'test' });
  return api.app.routes.map((route) => ({ method: route.method, path: route.path }));
}

/** Hono spells a segment `:name`, the table `{name}`; a trailing slash is the API's spelling either way. */
function shape(path: string): string {
  return `/${path.replace(/^\/+/, '')}`
    .replace(/\{\w+\}|:\w+/g, '{}')
    .replace(/\/+$/, '');
}

describe('store-API call table', () => {
  const routes = referenceRoutes().map((route) => `${route.method} ${shape(route.path)}`);

  it.each(Object.entries(ENDPOINTS))('%s is a route of the reference API', (_, entry) => {
    const own = `${entry.method} ${shape(entry.path)}`;
    expect(routes.includes(own) || routes.includes(`ALL ${shape(entry.path)}`), own).toBe(true);
  });

  it('names each call once', () => {
    const calls = Object.values(ENDPOINTS).map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });
});
