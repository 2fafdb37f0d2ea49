import { randomBytes } from 'node:crypto';
import type { Db } from '../../store-api/core/db.ts';
import { signAccessToken, type AccessClaims } from '../../store-api/core/tokens.ts';
import type { TestApi } from './harness';

/**
 * Rows the checkout tests need, written straight into the database so the tests do not depend on
 * the catalogue seed or the basket routes.
 */
let nextProductId = 9_900_000;

export interface ProductFixture {
  product_id: number;
  sku: string;
  name: string;
  base_price: number;
  price_discounted: number;
  mfg_account_id: number;
}

export function insertProduct(db: Db, overrides: Partial<ProductFixture> = {}): ProductFixture {
  nextProductId += 1;
  const product: ProductFixture = {
    product_id: nextProductId,
    sku: `T-${nextProductId}`,
    name: `Test part ${nextProductId}`,
    base_price: 40,
    price_discounted: 35.5,
    mfg_account_id: 10,
    ...overrides,
  };
  db.prepare(
    `INSERT OR IGNORE INTO products (product_id, store_id, mfg_account_id, sku, name, description, product_url, base_price, price_discounted, ship_class, inventory)
     VALUES (?, 'marine', ?, ?, ?, '', '/p', ?, ?, 'now', 100)`,
  ).run(
    product.product_id,
    product.mfg_account_id,
    product.sku,
    product.name,
    product.base_price,
    product.price_discounted,
  );
  return product;
}

export interface AddressFixture {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

export const US_ADDRESS: AddressFixture = {
  firstName: 'Ana',
  lastName: 'Lima',
  address1: '12 Harbor Road',
  city: 'Tampa',
  state: 'FL',
  zip: '33602',
  country: 'US^United States',
  phone: '8135550100',
};

export const CANADA_ADDRESS: AddressFixture = {
  ...US_ADDRESS,
  city: 'Halifax',
  state: 'NS',
  zip: 'B3H 1A1',
  country: 'CA^Canada',
};

export function insertBasket(
  db: Db,
  options: {
    lines?: { product: ProductFixture; quantity: number }[];
    guest?: AddressFixture | null;
    email?: string;
    userId?: number;
  } = {},
): string {
  const basketNum = randomBytes(12).toString('hex');
  const guest =
    options.guest === null
      ? null
      : JSON.stringify({
          email: options.email ?? 'guest@example.com',
          shippingData: options.guest ?? US_ADDRESS,
          billToShip: true,
        });
  db.prepare("INSERT INTO baskets (basket_num, store_id, user_id, guest_json) VALUES (?, 'marine', ?, ?)").run(
    basketNum,
    options.userId ?? null,
    guest,
  );
  for (const line of options.lines ?? []) {
    db.prepare('INSERT INTO basket_items (basket_num, product_id, quantity) VALUES (?, ?, ?)').run(
      basketNum,
      line.product.product_id,
      line.quantity,
    );
  }
  return basketNum;
}

let nextUser = 0;

/** A customer with a shipping address and a valid access token. */
export async function insertCustomer(
  api: TestApi,
  address: AddressFixture = US_ADDRESS,
): Promise<{ claims: AccessClaims; token: string }> {
  nextUser += 1;
  const email = `buyer${nextUser}-${randomBytes(3).toString('hex')}@example.com`;
  const { db } = api.api.ctx;
  const result = db
    .prepare(
      "INSERT INTO users (email, password_hash, role, first_name, last_name, shipping_json) VALUES (?, 'x', 'customer', ?, ?, ?)",
    )
    .run(email, address.firstName, address.lastName, JSON.stringify(address));
  const claims: AccessClaims = {
    userid: Number(result.lastInsertRowid),
    firstName: address.firstName,
    lastName: address.lastName,
    email,
    role: 'customer',
    department: '',
  };
  return { claims, token: await signAccessToken(api.api.ctx.key, claims, 600) };
}

export function tokenFor(api: TestApi, claims: AccessClaims): Promise<string> {
  return signAccessToken(api.api.ctx.key, claims, 600);
}

export const APPROVED_CARD = {
  payType: 'cc',
  cardNumber: '4111111111111111',
  csv: '123',
  exp_month: '12',
  exp_year: String(new Date().getUTCFullYear() + 2),
};
