import { describe, expect, it } from 'vitest';
import {
  changeFailure,
  emailChangeRefusal,
  fieldErrorRefs,
  isPasswordTooShortAnswer,
  isServerFailure,
  passwordChangeFailure,
} from '~/features/account/account';
import { toUser } from '~/lib/store-api/user';

describe('account answer', () => {
  it('reads the user with its e-mail and optional names', () => {
    expect(toUser({ user: { id: 3, email: 'a@example.com', firstName: 'Ana', lastName: null } })).toEqual({
      id: 3,
      email: 'a@example.com',
      firstName: 'Ana',
    });
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
    expect(isPasswordTooShortAnswer(400, "passwordConfirm: Passwords don't match")).toBe(false);
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

describe('what a change action answers for a refusal', () => {
  it('names the statuses each form has its own message for, at the field they refuse', () => {
    expect(changeFailure(422, { message: 'An account already exists' }, emailChangeRefusal(422))).toEqual({
      ok: false,
      errors: { emailAddress: { key: 'account.email.taken' } },
    });
    expect(changeFailure(403, null, emailChangeRefusal(403))).toEqual({
      ok: false,
      errors: { passwordold: { key: 'account.password.wrongCurrent' } },
    });
    expect(passwordChangeFailure(422, { message: "Old password doesn't match" })).toEqual({
      ok: false,
      errors: { passwordold: { key: 'account.password.wrongCurrent' } },
    });
  });

  it("turns the store's too-short password refusal into the translated field message", () => {
    expect(passwordChangeFailure(400, { message: 'password: Must be at least 5 characters' })).toEqual({
      ok: false,
      errors: { password: { key: 'validation.min5' } },
    });
  });

  it("shows the store's own text, and hands a server failure to the error notification", () => {
    expect(changeFailure(400, { message: 'emailAddress: bad' }, null)).toEqual({
      ok: false,
      formError: { text: 'emailAddress: bad' },
    });
    expect(changeFailure(503, { message: 'injected fault 503' }, null)).toEqual({
      ok: false,
      formError: { text: 'injected fault 503' },
      serverFailure: true,
    });
    expect(changeFailure(502, null, null)).toEqual({
      ok: false,
      formError: { key: 'common.connectionProblem' },
      serverFailure: true,
    });
    expect(passwordChangeFailure(429, { message: 'rate limit exceeded' })).toEqual({
      ok: false,
      formError: { key: 'session.rateLimited' },
    });
    expect(changeFailure(418, null, null)).toEqual({ ok: false, formError: { key: 'common.somethingWentWrong' } });
  });

  it('says the session ended when the store no longer knows the token', () => {
    expect(changeFailure(401, null, null)).toEqual({ ok: false, sessionEnded: true });
  });

  it("names each refused field's message key", () => {
    expect(fieldErrorRefs({ emailAddress: 'email' })).toEqual({ emailAddress: { key: 'validation.email' } });
  });
});
