// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { RELOAD_STORAGE_KEY, clearReloadFlags, markForReload, readReloadFlags } from '~/lib/reload-flags';

beforeEach(() => sessionStorage.clear());

describe('mustBeReloaded flags', () => {
  it('merges what the cart and the form flag, once each', () => {
    markForReload(['shipping']);
    markForReload(['shipping', 'basket', 'address']);
    expect(readReloadFlags()).toEqual(['shipping', 'basket', 'address']);
  });

  it('writes nothing for an empty list', () => {
    markForReload([]);
    expect(sessionStorage.getItem(RELOAD_STORAGE_KEY)).toBeNull();
  });

  it('clears only the flags named, and reads junk as none', () => {
    markForReload(['shipping', 'taxShippingUnavailable']);
    clearReloadFlags(['shipping']);
    expect(readReloadFlags()).toEqual(['taxShippingUnavailable']);
    sessionStorage.setItem(RELOAD_STORAGE_KEY, '{broken');
    expect(readReloadFlags()).toEqual([]);
  });
});
