import { describe, expect, it } from 'vitest';
import { isPasswordTooShortAnswer, isServerFailure } from '~/features/account/account';
import { toUser } from '~/lib/store-api/user';

describe('account answer', () => {
  it('reads the user with its e-mail and optional names', () => {
    expect(toUser({ user: { id: 3, email: 'a@example.com', firstName: 'Ana', lastName: null } })).toEqual({ id: 3, email: 'a@example.com', firstName: 'Ana' });
  });

  it('has no user without an e-mail or without a user object', () => {
    expect(toUser({ user: { id: 3 } })).toBeNull();
    expect(toUser({ shipping: {} })).toBeNull();
    expect(toUser(null)).toBeNull();
  });
});

describe('refused account changes', () => {
  it("reads the store API's too-short password refusal, and nothing else, as the field message", () => {
    expect(isPasswordTooShortAnswer(400, 'password: Must be at least 5 characters')).toBe(true);
    expect(isPasswordTooShortAnswer(400, 'passwordConfirm: Passwords don\'t match')).toBe(false);
    expect(isPasswordTooShortAnswer(400, 'password: required')).toBe(false);
    expect(isPasswordTooShortAnswer(422, 'password: Must be at least 5 characters')).toBe(false);
  });

  it('hands server failures to the error notification', () => {
    expect(isServerFailure(500)).toBe(true);
    expect(isServerFailure(503)).toBe(true);
    expect(isServerFailure(422)).toBe(false);
    expect(isServerFailure(0)).toBe(false);
  });
});
