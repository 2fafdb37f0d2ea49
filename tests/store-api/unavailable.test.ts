import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { unavailableMessage } from '../../store-api/core/errors.ts';
import { startTestApi } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'store-api-locked-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sqliteError = (errcode: number) => Object.assign(new Error('sqlite'), { code: 'ERR_SQLITE_ERROR', errcode });

describe('unavailableMessage', () => {
  it('names a locked, busy, read-only, failing or full database, extended codes included', () => {
    expect(unavailableMessage(sqliteError(5))).toBe('database busy, try again shortly');
    expect(unavailableMessage(sqliteError(517))).toBe('database busy, try again shortly');
    expect(unavailableMessage(sqliteError(6))).toBe('database busy, try again shortly');
    expect(unavailableMessage(sqliteError(8))).toBe('database is read-only, try again later');
    expect(unavailableMessage(sqliteError(10))).toBe('storage unavailable, try again later');
    expect(unavailableMessage(sqliteError(13))).toBe('storage full, try again later');
  });
  it('leaves every other error to the 500 handler', () => {
    expect(unavailableMessage(sqliteError(19))).toBeNull();
    expect(unavailableMessage(sqliteError(1))).toBeNull();
    expect(unavailableMessage(new Error('database is locked'))).toBeNull();
    expect(unavailableMessage(null)).toBeNull();
    expect(unavailableMessage('SQLITE_BUSY')).toBeNull();
  });
});

describe('a locked database', () => {
  it('answers 503 with a message while another connection holds the lock, and serves again once it is released', async () => {
    const dbPath = join(dir, 'store.db');
    const api = await startTestApi({ dbPath, busyTimeoutMs: 50 });
    const basket = await api.call('POST', '/a/item/2043/1');
    expect(basket.status).toBe(200);
    const basketNum = (basket.body as { BASKETNUM: string }).BASKETNUM;

    const holder = new DatabaseSync(dbPath);
    holder.exec('PRAGMA busy_timeout = 50; BEGIN EXCLUSIVE');
    try {
      const refused = await api.call('PATCH', '/a/item/2043/4', { body: { basketNum } });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: 'database busy, try again shortly' });
      expect(refused.headers.get('retry-after')).toBe('1');
      // The process is alive and still answers.
      expect((await api.call('GET', '/health')).status).toBe(200);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }

    const accepted = await api.call('PATCH', '/a/item/2043/4', { body: { basketNum } });
    expect(accepted.status).toBe(200);
    const read = await api.call('GET', `/a/basket/${basketNum}`);
    expect((read.body as { BASKET: { quantity: number }[] }).BASKET[0]?.quantity).toBe(4);
    await api.close();
    api.api.ctx.db.close();
  });
});

describe('a full database', () => {
  it('answers 503 "storage full" when a write finds no room, keeps serving reads, and writes again once there is room', async () => {
    const api = await startTestApi({ dbPath: join(dir, 'full.db') });
    const { db } = api.api.ctx;
    // A page limit at the file's present size stands in for a full disk: SQLite answers SQLITE_FULL.
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages}`);
    let refused: Awaited<ReturnType<typeof api.call>> | undefined;
    for (let attempt = 0; attempt < 500 && !refused; attempt += 1) {
      const answer = await api.call('POST', '/a/basket/bulk', {
        body: {
          store_id: 'marine',
          items: [
            { product_id: 2043, quantity: 1 },
            { product_id: 15732, quantity: 2 },
            { product_id: 1374449, quantity: 3 },
          ],
        },
      });
      if (answer.status !== 200) refused = answer;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body).toEqual({ message: 'storage full, try again later' });
    expect((await api.call('GET', '/health')).status).toBe(200);

    db.exec('PRAGMA max_page_count = 1073741823');
    expect((await api.call('POST', '/a/item/2043/1')).status).toBe(200);
    await api.close();
    db.close();
  });
});
