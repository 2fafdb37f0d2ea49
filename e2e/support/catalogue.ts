import { createStoreApi } from '../../store-api/server.ts';

/**
 * Part numbers the journeys' store API sells: its catalogue is seeded the same on every start, so
 * a private in-memory copy names the same parts (the running API has no listing of them).
 */
export function parts({ store, mfg, count }: { store: 'marine' | 'cycle'; mfg: number; count: number }): string[] {
  const api = createStoreApi({ dbPath: ':memory:', mode: 'test' });
  try {
    const rows = api.ctx.db
      .prepare('SELECT sku FROM products WHERE store_id = ? AND mfg_account_id = ? ORDER BY product_id LIMIT ?')
      .all(store, mfg, count) as { sku: string }[];
    return rows.map((row) => row.sku);
  } finally {
    api.ctx.db.close();
  }
}
