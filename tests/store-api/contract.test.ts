import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractFiles } from '../../store-api/contract/document.ts';
import { contractOperations, type ContractOperation } from '../../store-api/contract/operations.ts';
import { ALLOWED_ROUTES } from '../../src/lib/server/proxy/allowlist.ts';
import { createStoreApi } from '../../store-api/server.ts';
import { honoPath } from '../../store-api/core/operation.ts';

const CONTRACT = join(import.meta.dirname, '../../store-api/contract');

/** Paths compared without leading or trailing slash and with every parameter named alike. */
function shape(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/^\/+|\/+$/g, '').replace(/\{[^}]+\}/g, '{}')}`;
}

describe('store API contract', () => {
  it.each(Object.entries(contractFiles()))(
    'committed %s is what the code generates (npm run contract)',
    (name, generated) => {
      expect(readFileSync(join(CONTRACT, name), 'utf8')).toBe(generated);
    },
  );

  it('lists each operation once, with path parameters in {name} form', () => {
    const operations = contractOperations();
    expect(operations.length).toBeGreaterThan(40);
    expect(new Set(operations.map((op) => `${op.method} ${op.path}`)).size).toBe(operations.length);
    for (const { path } of operations) expect(path).not.toMatch(/\/:/);
  });

  it('describes exactly the routes the server mounts (test-mode routes aside)', () => {
    const { app } = createStoreApi({ dbPath: ':memory:', mode: 'test' });
    const mounted = new Set(
      app.routes
        .filter((route) => route.method !== 'ALL' && !route.path.startsWith('/__test'))
        .map((route) => `${route.method} ${route.path}`),
    );
    const described = new Set(contractOperations().map((op) => `${op.method} ${honoPath(op.path)}`));
    // GET a/user answers with and without the trailing slash; the contract names the spec's spelling.
    expect([...mounted].filter((route) => !described.has(route) && route !== 'GET /a/user')).toEqual([]);
    expect([...described].filter((route) => !mounted.has(route))).toEqual([]);
  });

  it('has every route the site proxy lets through', () => {
    const known = new Set(contractOperations().map((op: ContractOperation) => shape(op.method, op.path)));
    const missing = ALLOWED_ROUTES.filter((route) => !known.has(shape(route.method, route.pattern)));
    expect(missing).toEqual([]);
  });
});
