import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = DatabaseSync;

/** Tables every module may read; each route module adds its own with CREATE TABLE IF NOT EXISTS. */
const CORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS products (
  product_id INTEGER PRIMARY KEY,
  store_id TEXT NOT NULL,
  mfg_account_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  product_url TEXT NOT NULL,
  base_price REAL NOT NULL,
  price_discounted REAL NOT NULL,
  ship_class TEXT NOT NULL,
  inventory INTEGER NOT NULL,
  eta TEXT,
  sm_image TEXT,
  supplier_name TEXT,
  supplier_days_delayed INTEGER NOT NULL DEFAULT 0,
  customer_can_buy INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS products_sku ON products (mfg_account_id, sku);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'subscriber',
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  department TEXT NOT NULL DEFAULT '',
  subscription INTEGER NOT NULL DEFAULT 1,
  shipping_json TEXT,
  billing_json TEXT,
  created_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS baskets (
  basket_num TEXT PRIMARY KEY,
  store_id TEXT NOT NULL,
  language_id TEXT NOT NULL DEFAULT 'en',
  user_id INTEGER REFERENCES users (id),
  guest_json TEXT,
  owner_key TEXT,
  service_level TEXT NOT NULL DEFAULT '04',
  shipping REAL NOT NULL DEFAULT 0,
  tax REAL NOT NULL DEFAULT 0,
  group_menu_id INTEGER NOT NULL DEFAULT 0,
  ordered_order_no INTEGER,
  created_at TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS basket_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  basket_num TEXT NOT NULL REFERENCES baskets (basket_num) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (product_id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  UNIQUE (basket_num, product_id)
);
`;

/** How long a call waits for another connection's lock before it answers 503. */
export const BUSY_TIMEOUT_MS = 5000;

/** Opens the database: a file in WAL mode by default, ':memory:' for tests. */
export function openDatabase(path: string, schemas: readonly string[] = [], busyTimeoutMs = BUSY_TIMEOUT_MS): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  if (path !== ':memory:') db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))};`);
  applySchema(db, schemas);
  return db;
}

export function applySchema(db: Db, schemas: readonly string[]): void {
  db.exec(CORE_SCHEMA);
  addMissingColumns(db);
  for (const schema of schemas) db.exec(schema);
}

/** Databases made by an older release gain the columns added since. */
function addMissingColumns(db: Db): void {
  const columns = db.prepare('PRAGMA table_info(baskets)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'owner_key')) db.exec('ALTER TABLE baskets ADD COLUMN owner_key TEXT');
  const refreshColumns = db.prepare('PRAGMA table_info(refresh_tokens)').all() as { name: string }[];
  if (refreshColumns.length > 0 && !refreshColumns.some((column) => column.name === 'rotated_at'))
    db.exec('ALTER TABLE refresh_tokens ADD COLUMN rotated_at INTEGER');
  const analyticsColumns = db.prepare('PRAGMA table_info(analytics_events)').all() as { name: string }[];
  if (analyticsColumns.length > 0 && !analyticsColumns.some((column) => column.name === 'request_id'))
    db.exec('ALTER TABLE analytics_events ADD COLUMN request_id TEXT');
}

/** Runs fn in one transaction (nested calls join the outer one). */
export function transaction<T>(db: Db, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite rolls back by itself on a full disk or an I/O error; a second ROLLBACK would throw and
    // hide the cause, turning a 503 into a 500.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}
