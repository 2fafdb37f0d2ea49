import { describe, expect, it } from 'vitest';
import { decodeClaims, encodeClaims, parseRole, readClaims } from '~/lib/session/claims';

describe('session claims', () => {
  it('keeps the fields of the right kind and drops the rest', () => {
    expect(
      readClaims({ userid: 7, firstName: 'Ana', lastName: 5, email: null, role: 'acai', guest: 'yes', extra: 1 }),
    ).toEqual({ userid: 7, firstName: 'Ana', role: 'acai' });
  });

  it('reads an unknown role as a subscriber, and nothing from what is not an object', () => {
    expect(readClaims({ role: 'admin' })).toEqual({ role: 'subscriber' });
    expect(readClaims([])).toBeNull();
    expect(readClaims('customer')).toBeNull();
  });

  it('defaults a missing role to subscriber', () => {
    expect(parseRole(undefined)).toBe('subscriber');
    expect(readClaims({})).toEqual({ role: 'subscriber' });
  });

  it('round-trips through the cookie text and refuses broken cookies', () => {
    const claims = { userid: '12', firstName: 'Lía', role: 'customer' as const, guest: false };
    expect(decodeClaims(encodeClaims(claims))).toEqual(claims);
    expect(decodeClaims('%7Bnot-json')).toBeNull();
    expect(decodeClaims(undefined)).toBeNull();
  });
});
