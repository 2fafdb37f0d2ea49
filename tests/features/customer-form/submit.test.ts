import { describe, expect, it } from 'vitest';
import { submitAction, submitFailure } from '~/features/customer-form/submit';
import CustomerFormIsland from '~/features/customer-form/CustomerFormIsland';

describe('the submit decision', () => {
  it('unchanged data of an existing customer or guest goes straight on', () => {
    expect(submitAction({ mode: 'edit', createsAccount: false, changed: false, existing: true })).toBe('none');
    expect(submitAction({ mode: 'guestEdit', createsAccount: false, changed: false, existing: true })).toBe('none');
    expect(submitAction({ mode: 'guest', createsAccount: false, changed: false, existing: false })).toBe('guestPost');
    expect(submitAction({ mode: 'edit', createsAccount: false, changed: true, existing: true })).toBe('customerUpdate');
    expect(submitAction({ mode: 'guestEdit', createsAccount: false, changed: true, existing: true })).toBe('guestPost');
    expect(submitAction({ mode: 'create', createsAccount: true, changed: false, existing: false })).toBe('customerAdd');
    // A subscriber's unchanged form is still sent: the update makes them a customer.
    expect(
      submitAction({ mode: 'edit', createsAccount: false, changed: false, existing: true, subscriber: true }),
    ).toBe('customerUpdate');
    expect(
      submitAction({ mode: 'edit', createsAccount: false, changed: false, existing: true, subscriber: false }),
    ).toBe('none');
  });
});

describe('why a save failed', () => {
  it("names an answer that never came, the password an e-mail change needs, else the store's own text", () => {
    expect(submitFailure('guestPost', 'timeout')).toEqual({ key: 'customer.upstreamTimeout' });
    expect(submitFailure('guestPost', 'unreachable')).toEqual({ key: 'common.connectionProblem' });
    expect(submitFailure('customerUpdate', { status: 403, body: { message: 'needs the password' } })).toEqual({
      key: 'customer.emailNeedsPassword',
    });
    expect(submitFailure('guestPost', { status: 403, body: { message: 'refused' } })).toEqual({ text: 'refused' });
    expect(submitFailure('customerAdd', { status: 500, body: null })).toEqual({ key: 'common.somethingWentWrong' });
  });

  it("says a new account's taken address and the sign-up limit in the shopper's language, never the store's English", () => {
    const taken = { status: 422, body: { message: 'An account already exists with this email address' } };
    expect(submitFailure('customerAdd', taken)).toEqual({ key: 'customer.emailTaken' });
    const limited = { status: 429, body: { message: 'rate limit exceeded' } };
    expect(submitFailure('customerAdd', limited)).toEqual({ key: 'customer.signupLimited' });
  });

  it("every key it answers is among the messages the form's island receives", () => {
    const domains: readonly string[] = CustomerFormIsland.messageDomains;
    const keys = [
      submitFailure('guestPost', 'timeout'),
      submitFailure('guestPost', 'unreachable'),
      submitFailure('customerUpdate', { status: 403, body: null }),
      submitFailure('customerAdd', { status: 422, body: null }),
      submitFailure('customerAdd', { status: 429, body: null }),
    ].map((ref) => ('key' in ref ? ref.key : ''));
    for (const key of keys) expect(domains).toContain(key.split('.')[0]);
  });
});
