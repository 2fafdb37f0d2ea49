import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('store API core', () => {
  it('answers health', async () => {
    expect(await api.call('GET', '/health')).toMatchObject({ status: 200, body: { ok: true } });
  });
  it('answers unknown routes with a JSON 404', async () => {
    expect(await api.call('GET', '/nope')).toMatchObject({ status: 404, body: { message: 'not found' } });
  });
  it('refuses a bad bearer token with 401', async () => {
    expect((await api.call('GET', '/health', { token: 'garbage' })).status).toBe(401);
  });
  it('injects and clears faults in test mode', async () => {
    expect(
      (await api.call('POST', '/__test/faults', { body: { path: '^/health$', status: 503, times: 1 } })).status,
    ).toBe(200);
    expect((await api.call('GET', '/health')).status).toBe(503);
    expect((await api.call('GET', '/health')).status).toBe(200);
    expect((await api.call('POST', '/__test/faults', { body: { path: '(' } })).status).toBe(400);
  });
  it('a fault with after carries the call out, then replaces its answer', async () => {
    const created = await api.call('POST', '/a/item/2043/1');
    const basketNum = (created.body as { BASKETNUM: string }).BASKETNUM;
    await api.call('POST', '/__test/faults', {
      body: { method: 'PATCH', path: '^/a/item/2043/', status: 504, after: true },
    });
    const lost = await api.call('PATCH', '/a/item/2043/5', { body: { basketNum } });
    expect(lost).toMatchObject({ status: 504, body: { message: 'injected fault 504' } });
    const basket = await api.call('GET', `/a/basket/${basketNum}`);
    expect((basket.body as { BASKET: { quantity: number }[] }).BASKET[0]?.quantity).toBe(5);
  });
  it('a dropped connection after the call leaves its change in place and the server serving', async () => {
    const created = await api.call('POST', '/a/item/2043/1');
    const basketNum = (created.body as { BASKETNUM: string }).BASKETNUM;
    await api.call('POST', '/__test/faults', {
      body: { method: 'PATCH', path: '^/a/item/2043/', drop: true, after: true },
    });
    await expect(api.call('PATCH', '/a/item/2043/6', { body: { basketNum } })).rejects.toThrow();
    const basket = await api.call('GET', `/a/basket/${basketNum}`);
    expect((basket.body as { BASKET: { quantity: number }[] }).BASKET[0]?.quantity).toBe(6);
    expect((await api.call('GET', '/health')).status).toBe(200);
  });
  it('a fault may require a header and a body, and leaves other calls alone', async () => {
    await api.call('POST', '/__test/faults', {
      body: { path: '^/health$', status: 503, headers: { 'x-probe': '^mine$' } },
    });
    expect((await api.call('GET', '/health', { headers: { 'x-probe': 'other' } })).status).toBe(200);
    expect((await api.call('GET', '/health', { headers: { 'x-probe': 'mine' } })).status).toBe(503);
    const created = await api.call('POST', '/a/item/2043/1');
    const basketNum = (created.body as { BASKETNUM: string }).BASKETNUM;
    await api.call('POST', '/__test/faults', {
      body: { method: 'PATCH', path: '^/a/item/', body: basketNum, status: 500 },
    });
    const other = await api.call('POST', '/a/item/2043/1');
    expect(
      (
        await api.call('PATCH', '/a/item/2043/2', {
          body: { basketNum: (other.body as { BASKETNUM: string }).BASKETNUM },
        })
      ).status,
    ).toBe(200);
    expect((await api.call('PATCH', '/a/item/2043/3', { body: { basketNum } })).status).toBe(500);
    // The route still reads the body the fault looked at.
    expect((await api.call('PATCH', '/a/item/2043/3', { body: { basketNum } })).status).toBe(200);
  });
});

describe('store API outside test mode', () => {
  it('has no test endpoints', async () => {
    const normal = await startTestApi({ mode: 'normal' });
    expect((await normal.call('POST', '/__test/faults', { body: { path: 'x' } })).status).toBe(404);
    await normal.close();
  });
});
