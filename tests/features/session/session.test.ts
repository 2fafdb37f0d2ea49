import { describe, expect, it } from 'vitest';
import {
  loginErrorKey,
  recoverFailureMessage,
  logoutTarget,
  loginTarget,
  validateEmailField,
  validateEmailChange,
  validateLogin,
  validatePasswordChange,
  hasErrors,
  isPasswordTooShort,
  PASSWORD_MIN_LENGTH,
} from '~/features/session/session';

describe('login form rules', () => {
  it('requires and trims username and password', () => {
    expect(validateLogin({ username: '  a@b.c ', password: ' pw ' })).toEqual({
      values: { username: 'a@b.c', password: 'pw' },
      errors: {},
    });
    const { errors } = validateLogin({ username: '   ', password: '' });
    expect(errors).toEqual({ username: 'required', password: 'required' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('maps 429 to the rate-limit message and 401 to wrong credentials', () => {
    expect(loginErrorKey(429)).toBe('session.rateLimited');
    expect(loginErrorKey(401)).toBe('session.wrongCredentials');
    expect(loginErrorKey(500)).toBeNull();
  });

  it('names a connection or server problem in the same words on every path', () => {
    expect(loginErrorKey(0)).toBe('common.cantConnect');
    expect(loginErrorKey(502)).toBe('common.connectionProblem');
    expect(loginErrorKey(504)).toBe('common.connectionProblem');
  });
});

describe('logout target', () => {
  it('goes to login with logOut=true and the return page', () => {
    expect(logoutTarget(true, '/review-order/')).toEqual({
      ok: true,
      target: '/login/?logOut=true&redirect=%2Freview-order%2F',
    });
    expect(logoutTarget(true, '')).toEqual({ ok: true, target: '/login/?logOut=true' });
  });

  it('a refused logout keeps the session and goes back to its page saying "User was not logged out" once', () => {
    expect(logoutTarget(false, '/bulk-add-items/')).toEqual({ ok: false, target: '/bulk-add-items/?logoutFailed=1' });
    expect(logoutTarget(false, '')).toEqual({ ok: false, target: '/?logoutFailed=1' });
  });
});

describe('login target', () => {
  it('sends a subscriber to the customer form, which leads on to the page they wanted', () => {
    expect(loginTarget('subscriber', '/account-settings/')).toBe('/customer-form/?redirect=%2Faccount-settings%2F');
    expect(loginTarget('subscriber', null)).toBe('/customer-form/');
    expect(loginTarget('subscriber', '//evil.example/')).toBe('/customer-form/');
    expect(loginTarget('subscriber', '/signin/')).toBe('/customer-form/');
  });
  it('sends others to the page they wanted, or review order', () => {
    expect(loginTarget('customer', '/account-settings/')).toBe('/account-settings/');
    expect(loginTarget('acai', null)).toBe('/review-order/');
    expect(loginTarget('customer', '/fr/order-history/?x=1')).toBe('/fr/order-history/?x=1');
  });
  it('never leaves the site and never loops back to login', () => {
    for (const evil of [
      '//evil.example/',
      '/\\evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\t/evil.example',
    ]) {
      expect(loginTarget('customer', evil)).toBe('/review-order/');
    }
    expect(loginTarget('customer', '/login/?redirect=/x/')).toBe('/review-order/');
    expect(loginTarget('customer', '/es/signin/')).toBe('/review-order/');
  });
});

describe('e-mail and password rules', () => {
  it('e-mail: required, valid, trimmed', () => {
    expect(validateEmailField('  a@b.co ')).toEqual({ value: 'a@b.co', error: undefined });
    expect(validateEmailField('').error).toBe('required');
    expect(validateEmailField('not-an-email').error).toBe('email');
  });

  it('e-mail change: a valid address and the current password, trimmed', () => {
    expect(validateEmailChange({ emailAddress: ' a@b.co ', passwordold: ' Secret-1 ' })).toEqual({
      values: { emailAddress: 'a@b.co', passwordold: 'Secret-1' },
      errors: {},
    });
    expect(validateEmailChange({ emailAddress: 'a@b.co' }).errors).toEqual({ passwordold: 'required' });
    expect(validateEmailChange({ emailAddress: 'nope', passwordold: 'x' }).errors).toEqual({ emailAddress: 'email' });
  });

  it('password change: all required, confirmation matches, trimmed', () => {
    expect(validatePasswordChange({ passwordold: ' a ', password: ' bbbbb ', passwordConfirm: 'bbbbb' })).toEqual({
      values: { passwordold: 'a', password: 'bbbbb', passwordConfirm: 'bbbbb' },
      errors: {},
    });
    expect(validatePasswordChange({}).errors).toEqual({
      passwordold: 'required',
      password: 'required',
      passwordConfirm: 'required',
    });
    expect(validatePasswordChange({ passwordold: 'a', password: 'bbbbb', passwordConfirm: 'c' }).errors).toEqual({
      passwordConfirm: 'mismatch',
    });
  });

  it('a new password shorter than the store API allows is refused before sending, trimmed first', () => {
    expect(validatePasswordChange({ passwordold: 'a', password: 'abcd', passwordConfirm: 'abcd' }).errors).toEqual({
      password: 'min5',
    });
    expect(validatePasswordChange({ passwordold: 'a', password: ' abcd  ', passwordConfirm: 'abcd' }).errors).toEqual({
      password: 'min5',
    });
    expect(validatePasswordChange({ passwordold: 'a', password: 'abcde', passwordConfirm: 'abcde' }).errors).toEqual(
      {},
    );
    expect(isPasswordTooShort('')).toBe(false);
    expect(isPasswordTooShort('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(true);
  });
});

describe('reset request refusal', () => {
  it('names too many requests in its own words, else a connection problem or the store text', () => {
    expect(recoverFailureMessage(429, 'rate limit exceeded')).toEqual({ key: 'session.recover.rateLimited' });
    expect(recoverFailureMessage(502, 'bad gateway')).toEqual({ key: 'common.connectionProblem' });
    expect(recoverFailureMessage(400, 'email: required')).toEqual({ text: 'email: required' });
    expect(recoverFailureMessage(500, '')).toEqual({ key: 'common.connectionProblem' });
    expect(recoverFailureMessage(400, '')).toEqual({ key: 'common.somethingWentWrong' });
  });
});
