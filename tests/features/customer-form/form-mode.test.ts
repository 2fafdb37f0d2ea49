import { describe, expect, it } from 'vitest';
import { SUBMIT_LABEL_KEYS, createsAccount, decideMode, welcomeName } from '~/features/customer-form/form-mode';
import { emptyForm, type CustomerFormValues } from '~/features/customer-form/form-values';
import { dictionaries } from '~/lib/i18n/messages';

describe('modes decided on load', () => {
  it('signed in = returned to edit with Save; guest editing and guest with Continue; otherwise Create account', () => {
    expect(decideMode({ isAuthorized: true, isGuest: false, isEdit: false, guestQuery: false })).toBe('edit');
    expect(decideMode({ isAuthorized: true, isGuest: false, isEdit: true, guestQuery: true })).toBe('edit');
    expect(decideMode({ isAuthorized: false, isGuest: true, isEdit: true, guestQuery: false })).toBe('guestEdit');
    expect(decideMode({ isAuthorized: false, isGuest: true, isEdit: false, guestQuery: false })).toBe('guest');
    expect(decideMode({ isAuthorized: false, isGuest: false, isEdit: false, guestQuery: true })).toBe('guest');
    expect(decideMode({ isAuthorized: false, isGuest: false, isEdit: true, guestQuery: false })).toBe('create');
    const en = dictionaries.en;
    expect(en[SUBMIT_LABEL_KEYS.edit]).toBe('Save');
    expect(en[SUBMIT_LABEL_KEYS.guestEdit]).toBe('Continue');
    expect(en[SUBMIT_LABEL_KEYS.guest]).toBe('Continue');
    expect(en[SUBMIT_LABEL_KEYS.create]).toBe('Create account');
  });

  it('a new account is created in create mode, or when a guest ticks the option', () => {
    expect(createsAccount('create', false)).toBe(true);
    expect(createsAccount('guest', true)).toBe(true);
    expect(createsAccount('guest', false)).toBe(false);
    expect(createsAccount('edit', true)).toBe(false);
  });
});

describe('welcomeName', () => {
  const withFirstName = (firstname: string): CustomerFormValues => ({
    ...emptyForm(),
    shipping: { ...emptyForm().shipping, firstname },
  });

  it("welcomes a returning guest by their last order's first name, trimmed", () => {
    expect(welcomeName(withFirstName('  Dana '))).toBe('Dana');
  });

  it('has no name to welcome by when the last order gave none, or there are no details', () => {
    expect(welcomeName(withFirstName('   '))).toBeNull();
    expect(welcomeName(null)).toBeNull();
  });
});
