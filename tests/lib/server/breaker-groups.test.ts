import { describe, expect, it } from 'vitest';
import { breakerGroupOf, pathBelowRoot } from '~/lib/server/breaker-groups';
import * as ENDPOINTS from '~/lib/store-api/endpoints';

describe('breakerGroupOf', () => {
  it('puts every call of the store-API table in a named group', () => {
    const ungrouped = Object.values(ENDPOINTS)
      .map((entry) => entry.path)
      .filter((path) => breakerGroupOf(path) === 'other');
    expect(ungrouped).toEqual([]);
  });

  it.each([
    ['a/basket/123', 'basket'],
    ['/a/item/2043/3/', 'basket'],
    ['a/basket/bulk', 'catalogue'],
    ['bulk-lookup?ids=1', 'catalogue'],
    ['v2/auth/login', 'account'],
    ['a/user/', 'account'],
    ['a/guest/123', 'account'],
    ['a/user/shipping/123', 'checkout'],
    ['a/checkout/123', 'checkout'],
    ['paypal/approve/EC-1', 'checkout'],
    ['v2/orders/history', 'orders'],
    ['v2/orders/S601301/invoice', 'orders'],
    ['a/tracking/EZ1', 'public'],
    ['analytics', 'analytics'],
    ['chat/widget.js', 'widgets'],
    ['a/basketball', 'other'],
    ['', 'other'],
  ])('%s is %s', (path, group) => {
    expect(breakerGroupOf(path)).toBe(group);
  });
});

describe('pathBelowRoot', () => {
  it('reads the path below the root, and nothing of another origin or folder', () => {
    const root = new URL('http://api.test/store');
    expect(pathBelowRoot(new URL('http://api.test/store/a/basket/1'), root)).toBe('a/basket/1');
    expect(pathBelowRoot(new URL('http://api.test/other/a/basket/1'), root)).toBeNull();
    expect(pathBelowRoot(new URL('http://elsewhere.test/store/a/basket/1'), root)).toBeNull();
  });
});
