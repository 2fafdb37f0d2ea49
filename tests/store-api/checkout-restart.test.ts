import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApi } from './harness';
import { APPROVED_CARD, insertBasket, insertProduct } from './checkout-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'store-api-orders-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('orders on the file database', () => {
  it('survive a restart, and the basket is still ordered only once', async () => {
    const dbPath = join(dir, 'store.db');
    const first = await startTestApi({ dbPath });
    const product = insertProduct(first.api.ctx.db);
    const basket = insertBasket(first.api.ctx.db, { lines: [{ product, quantity: 2 }], email: 'restart@example.com' });
    const placed = await first.call('POST', `a/checkout/${basket}`, { body: APPROVED_CARD });
    expect(placed.status).toBe(200);
    const receipt = (placed.body as { RECEIPT: { ORDER_NO: number } }).RECEIPT;
    await first.close();
    first.api.ctx.db.close();

    const second = await startTestApi({ dbPath });
    const found = await second.call(
      'GET',
      `v2/orders/history/guest?email=restart%40example.com&order_no=${receipt.ORDER_NO + 1000}`,
    );
    expect(found.status).toBe(200);
    expect((found.body as { orderno: { order_no: number } }[]).map((record) => record.orderno.order_no)).toEqual([
      receipt.ORDER_NO,
    ]);
    const again = await second.call('POST', `a/checkout/${basket}`, { body: APPROVED_CARD });
    expect((again.body as { RECEIPT: { ORDER_NO: number } }).RECEIPT.ORDER_NO).toBe(receipt.ORDER_NO);
    const count = second.api.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE basket_num = ?').get(basket) as {
      n: number;
    };
    expect(count.n).toBe(1);
    await second.close();
    second.api.ctx.db.close();
  });
});
