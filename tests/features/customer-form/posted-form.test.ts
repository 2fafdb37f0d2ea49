import { describe, expect, it } from 'vitest';
import { emptyForm, type CustomerFormValues } from '~/features/customer-form/form-values';
import type { SubmitInput } from '~/features/customer-form/submit';
import {
  formOfSubmit,
  keptValues,
  postedFormState,
  submitInputFromForm,
  type PostedForm,
} from '~/features/customer-form/posted-form';
import { createTranslate } from '~/lib/i18n/translate';
import { pickMessages } from '~/lib/i18n/messages';

const values: CustomerFormValues = {
  ...emptyForm(),
  shipping: { ...emptyForm().shipping, firstname: 'Ana', state: 'IL', address_verified: 2 },
  billing: { ...emptyForm().billing, firstname: 'Bea' },
  email: 'ana@example.com',
  subscribe: false,
  differentBillingAddress: true,
  createAccount: true,
  password: 'secret1',
  passwordConfirm: 'secret1',
};
const readBack = (form: FormData) => submitInputFromForm(Object.fromEntries(form));

describe('the posted customer form', () => {
  it("carries the island's save field for field, as a plain post would", () => {
    const input: SubmitInput = { action: 'customerAdd', mode: 'guest', basketNum: 'B1', values };
    expect(readBack(formOfSubmit(input))).toEqual(input);
    const update: SubmitInput = { action: 'customerUpdate', mode: 'edit', basketNum: 'B1', userid: 5, values };
    expect(readBack(formOfSubmit(update))).toEqual(update);
  });

  it('reads unticked boxes as off, the way a browser leaves them out', () => {
    const form = formOfSubmit({ action: 'guestPost', mode: 'guest', basketNum: 'B1', values: emptyForm() });
    expect(form.has('differentBillingAddress')).toBe(false);
    expect(form.has('subscribe')).toBe(false);
    expect(readBack(form)?.values).toMatchObject({
      subscribe: false,
      differentBillingAddress: false,
      createAccount: false,
    });
  });

  it('decides the save of a plain post, which names none, by mode and the account box', () => {
    const plain = (fields: PostedForm) => submitInputFromForm({ basketNum: 'B1', ...fields })?.action;
    expect(plain({ mode: 'guest' })).toBe('guestPost');
    expect(plain({ mode: 'guestEdit' })).toBe('guestPost');
    expect(plain({ mode: 'guest', createAccount: 'on' })).toBe('customerAdd');
    expect(plain({ mode: 'create' })).toBe('customerAdd');
    expect(plain({ mode: 'edit' })).toBe('customerUpdate');
    expect(plain({ mode: 'edit', action: 'bogus' })).toBe('customerUpdate');
  });

  it('refuses a form of no known mode', () => {
    expect(submitInputFromForm({ mode: 'admin' })).toBeNull();
    expect(submitInputFromForm({})).toBeNull();
  });

  it('keeps everything typed but the passwords', () => {
    expect(keptValues(values)).toEqual({ ...values, password: '', passwordConfirm: '' });
  });
});

describe('postedFormState', () => {
  const t = createTranslate(pickMessages('es', ['customer', 'validation', 'common']));
  it('goes on when saved', () => {
    expect(postedFormState({ data: { ok: true }, error: undefined }, t)).toBe('saved');
  });
  it('shows field errors with the values kept', () => {
    const kept = keptValues(values);
    const state = postedFormState({ data: { ok: false, errors: { email: 'email' }, kept }, error: undefined }, t);
    expect(state).toEqual({ values: kept, errors: { email: 'email' }, submitError: null });
  });
  it("translates the form's message in the visitor's language", () => {
    const state = postedFormState(
      { data: { ok: false, failure: { key: 'validation.errorsInForm' } }, error: undefined },
      t,
    );
    expect(state).not.toBe('saved');
    expect(state !== 'saved' && state.submitError).toBe(t('validation.errorsInForm'));
    expect(t('validation.errorsInForm')).not.toBe('validation.errorsInForm');
  });
  it('tells a save the store API was out for from a refusal', () => {
    const failure = { key: 'common.connectionProblem' } as const;
    const outage = postedFormState({ data: { ok: false, failure, outage: true }, error: undefined }, t);
    expect(outage).toMatchObject({ submitError: t('common.connectionProblem'), outage: true });
    expect(postedFormState({ data: { ok: false, failure }, error: undefined }, t)).not.toHaveProperty('outage');
  });
  it('reads a form the action refused to read as errors in form', () => {
    expect(postedFormState({ data: undefined, error: new Error('too long') }, t)).toMatchObject({
      values: null,
      submitError: t('validation.errorsInForm'),
    });
  });
});
