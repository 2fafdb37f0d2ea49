import { describe, expect, it } from 'vitest';
import { readAccountUser } from '~/features/account/account';

describe('account answer', () => {
  it('reads the user with its e-mail and optional names', () => {
    expect(readAccountUser({ user: { id: 3, email: 'a@example.com', firstName: 'Ana', lastName: null } })).toEqual({ id: 3, email: 'a@example.com', firstName: 'Ana' });
  });

  it('has no user without an e-mail or without a user object', () => {
    expect(readAccountUser({ user: { id: 3 } })).toBeNull();
    expect(readAccountUser({ shipping: {} })).toBeNull();
    expect(readAccountUser(null)).toBeNull();
  });
});
