import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../store-api/harness';
import { APPROVED_CARD } from '../store-api/checkout-fixtures';

/** Issue 39 item 5: a basket a signed-in customer starts from an ?add-to-cart= link is theirs. */

let api: TestApi;
let addFromQuery: typeof import('~/features/cart/cart.server').addFromQuery;
beforeAll(async () => {
  api = await startTestApi();
  // The site's settings are read once, when first imported: they name this store API.
  process.env.STORE_API_URL = api.url;
  ({ addFromQuery } = await import('~/features/cart/cart.server'));
});
afterAll(() => api.close());

async function signIn(email: string, password: string): Promise<string> {
  const answer = await api.call('POST', '/v2/auth/login', {
    body: { username: email, password },
    headers: { 'x-disable-rate-limit': '1' },
  });
  return (answer.body as { token: string }).token;
}

describe('a basket started by an add-to-cart link', () => {
  it("is the signed-in customer's: another customer can neither delete it nor check it out", async () => {
    const owner = await signIn('customer@example.com', 'Customer123!');
    const other = await signIn('acai@example.com', 'Acai12345!');
    const outcome = await addFromQuery('1374449,2', undefined, 'marine', { basketKey: undefined, token: owner });
    const basketNum = outcome.basketNum ?? '';
    expect(outcome.added).toBe(1);
    expect((await api.call('DELETE', `/a/basket/${basketNum}`, { token: other })).status).toBe(404);
    expect((await api.call('POST', `/a/checkout/${basketNum}`, { body: APPROVED_CARD, token: other })).status).toBe(
      404,
    );
    expect((await api.call('DELETE', `/a/basket/${basketNum}`, { token: owner })).status).toBe(200);
  });
});
