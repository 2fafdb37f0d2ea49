import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh store module per test: what one test loaded must not be there for the next.
afterEach(() => {
  vi.doUnmock('~/features/review-order/card-brand');
  vi.resetModules();
});

describe('loading the card check', () => {
  it('is loading while the libraries arrive, then ready with the rules', async () => {
    const { $cardCheck, loadCardCheck } = await import('~/features/review-order/card-check.store');
    const loaded = loadCardCheck();
    expect($cardCheck.get().state).toBe('loading');
    const rules = await loaded;
    expect(rules?.isAcceptedCard('4111111111111111')).toBe(true);
    expect($cardCheck.get().state).toBe('ready');
    await expect(loadCardCheck()).resolves.toBe(rules);
  });

  it('says it failed when they cannot load, and loads when asked again', async () => {
    vi.resetModules();
    vi.doMock('~/features/review-order/card-brand', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { $cardCheck, loadCardCheck } = await import('~/features/review-order/card-check.store');
    await expect(loadCardCheck()).resolves.toBeNull();
    expect($cardCheck.get()).toEqual({ state: 'failed', rules: null });
    vi.doUnmock('~/features/review-order/card-brand');
    await expect(loadCardCheck()).resolves.not.toBeNull();
    expect($cardCheck.get().state).toBe('ready');
  });
});
