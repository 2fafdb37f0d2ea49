import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBasket } from '~/features/cart/cart.server';
import { failed } from '~/lib/store-api/result';
import { readBasket, STORE_API_TIMEOUT_ERROR } from '~/lib/store-api/server';

vi.mock('~/lib/store-api/server', async (original) => ({
  ...(await original<typeof import('~/lib/store-api/server')>()),
  readBasket: vi.fn(),
}));

beforeEach(() => vi.mocked(readBasket).mockReset());

describe("the cart page's basket load", () => {
  it('a store error and a store that does not answer in time are both a failed load, which the cart offers to retry', async () => {
    vi.mocked(readBasket).mockResolvedValueOnce(
      failed({ kind: 'http', status: 500, message: 'injected fault 500', body: null }),
    );
    expect(await loadBasket('B1')).toEqual({ state: 'error' });
    vi.mocked(readBasket).mockResolvedValueOnce(failed({ kind: 'offline', message: STORE_API_TIMEOUT_ERROR }));
    expect(await loadBasket('B1')).toEqual({ state: 'error' });
  });

  it('an unknown basket is no basket, not a failure', async () => {
    vi.mocked(readBasket).mockResolvedValueOnce(failed({ kind: 'http', status: 404, message: '', body: null }));
    expect(await loadBasket('B1')).toEqual({ state: 'none' });
  });
});
