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
    expect((await api.call('POST', '/__test/faults', { body: { path: '^/health$', status: 503, times: 1 } })).status).toBe(200);
    expect((await api.call('GET', '/health')).status).toBe(503);
    expect((await api.call('GET', '/health')).status).toBe(200);
    expect((await api.call('POST', '/__test/faults', { body: { path: '(' } })).status).toBe(400);
  });
});

describe('store API outside test mode', () => {
  it('has no test endpoints', async () => {
    const normal = await startTestApi({ mode: 'normal' });
    expect((await normal.call('POST', '/__test/faults', { body: { path: 'x' } })).status).toBe(404);
    await normal.close();
  });
});
