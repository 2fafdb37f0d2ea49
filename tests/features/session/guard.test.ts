import { describe, expect, it } from 'vitest';
import { decideAccess, permissionFor } from '~/features/session/guard';
import type { Role, Viewer } from '~/lib/session/claims';

const cases: Array<[route: string, viewer: Viewer, role: Role | undefined, expected: string | true]> = [
  ['/', 'anonymous', undefined, true],
  ['/signin/', 'anonymous', undefined, true],
  ['/login/', 'customer', 'customer', true],
  ['/account-settings/', 'anonymous', undefined, '/login/'],
  ['/account-settings/', 'guest', undefined, '/login/'],
  // A signed-in subscriber becomes a customer on the customer form, not by logging in again.
  ['/account-settings/', 'customer', 'subscriber', '/customer-form/'],
  ['/order-history/', 'customer', 'subscriber', '/customer-form/'],
  ['/account-settings/', 'customer', 'customer', true],
  ['/account-settings/', 'customer', 'acai', true],
  ['/order-history/', 'anonymous', undefined, '/login/'],
  ['/order-history/', 'customer', 'acai', true],
  ['/review-order/', 'anonymous', undefined, '/signin/'],
  ['/review-order/', 'guest', undefined, true],
  ['/review-order/', 'customer', 'customer', true],
  ['/review-order/', 'customer', 'subscriber', '/customer-form/'],
  ['/payment-success/', 'customer', 'subscriber', '/customer-form/'],
  ['/payment-success/', 'guest', undefined, true],
  ['/payment-success/', 'anonymous', undefined, '/signin/'],
  ['/customer-form/', 'anonymous', undefined, true],
];

describe('route guard decisions', () => {
  it.each(cases)('%s for %s (%s)', (route, viewer, role, expected) => {
    const decision = decideAccess(permissionFor(route), viewer, role);
    if (expected === true) expect(decision).toEqual({ allowed: true });
    else expect(decision).toEqual({ allowed: false, redirectTo: expected });
  });

  it('an "authorized" permission needs a signed-in customer', () => {
    const route = { permission: 'authorized' as const, deniedTo: '/signin/' };
    expect(decideAccess(route, 'customer', 'subscriber')).toEqual({ allowed: true });
    expect(decideAccess(route, 'guest', undefined)).toEqual({ allowed: false, redirectTo: '/signin/' });
  });
});
