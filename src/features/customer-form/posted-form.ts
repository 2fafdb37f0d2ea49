/**
 * The customer form as one posted form: the same fields whether the browser posts it without
 * JavaScript (or before the island has loaded) or the island sends its state, so the action
 * reads one shape.
 */
import { isOneOf } from '~/lib/is-one-of';
import { messageText } from '~/lib/i18n/message-ref';
import type { Translate } from '~/lib/i18n/translate';
import { ADDRESS_KEPT, type AddressError } from '~/features/address/public';
import { ADDRESS_FIELDS, type AddressValues, type CustomerFormValues } from './form-values';
import { createsAccount } from './form-mode';
import type { FormErrors } from './validation';
import type { SubmitInput, SubmitResult } from './submit';

const ACTIONS = ['customerAdd', 'customerUpdate', 'guestPost'] as const;
const MODES = ['edit', 'guestEdit', 'guest', 'create'] as const;
/** The form's check boxes, posted as `on` when ticked. */
export const CHECKBOXES = ['subscribe', 'differentBillingAddress', 'createAccount'] as const;

/** Every field name the form posts; the address blocks are `shipping.<field>` and `billing.<field>`. */
export const POSTED_FIELDS = [
  'action',
  'mode',
  'basketNum',
  'userid',
  'email',
  ...CHECKBOXES,
  'password',
  'passwordConfirm',
  'shipping.address_verified',
  'addressCheck',
  ...ADDRESS_FIELDS.map((field) => `shipping.${field}` as const),
  ...ADDRESS_FIELDS.map((field) => `billing.${field}` as const),
] as const;

export type PostedField = (typeof POSTED_FIELDS)[number];
export type PostedForm = Partial<Record<PostedField, string>>;

/** What a checked box posts: the browser's "on" without JavaScript, the same from the island. */
const CHECKED = 'on';

function addressOf(form: PostedForm, section: 'shipping' | 'billing'): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, form[`${section}.${field}`] ?? ''])) as AddressValues;
}

/**
 * The save a posted form asks for. The island names its action; a plain post does not, and is
 * sent as changed (a new account, a customer's update, or the guest record), since nothing in the
 * browser compared it with what was loaded. Null when the mode is not one of the form's.
 */
export function submitInputFromForm(form: PostedForm): SubmitInput | null {
  const mode = form.mode;
  if (!isOneOf(MODES, mode)) return null;
  const verified = Number(form['shipping.address_verified']);
  const values: CustomerFormValues = {
    shipping: { ...addressOf(form, 'shipping'), address_verified: verified === 1 || verified === 2 ? verified : 0 },
    billing: addressOf(form, 'billing'),
    email: form.email ?? '',
    subscribe: form.subscribe === CHECKED,
    differentBillingAddress: form.differentBillingAddress === CHECKED,
    createAccount: form.createAccount === CHECKED,
    password: form.password ?? '',
    passwordConfirm: form.passwordConfirm ?? '',
  };
  const named = form.action;
  const action = isOneOf(ACTIONS, named)
    ? named
    : createsAccount(mode, values.createAccount)
      ? 'customerAdd'
      : mode === 'edit'
        ? 'customerUpdate'
        : 'guestPost';
  // The store's user ids are numbers; a form carries them as text.
  const userid = form.userid && /^\d+$/.test(form.userid) ? Number(form.userid) : form.userid || undefined;
  return {
    action,
    mode,
    basketNum: form.basketNum ?? '',
    values,
    ...(userid ? { userid } : {}),
    ...(form.addressCheck === ADDRESS_KEPT ? { addressKept: true } : {}),
  };
}

/** The island's save as the form the plain post would send, with the action it decided. */
export function formOfSubmit(input: SubmitInput): FormData {
  const form = new FormData();
  const { values } = input;
  form.set('action', input.action);
  form.set('mode', input.mode);
  form.set('basketNum', input.basketNum);
  if (input.userid !== undefined) form.set('userid', String(input.userid));
  form.set('email', values.email);
  for (const box of CHECKBOXES) if (values[box]) form.set(box, CHECKED);
  form.set('password', values.password);
  form.set('passwordConfirm', values.passwordConfirm);
  form.set('shipping.address_verified', String(values.shipping.address_verified));
  if (input.addressKept) form.set('addressCheck', ADDRESS_KEPT);
  for (const field of ADDRESS_FIELDS) {
    form.set(`shipping.${field}`, values.shipping[field]);
    form.set(`billing.${field}`, values.billing[field]);
  }
  return form;
}

/** What a refused post shows again: everything as typed, except the passwords. */
export function keptValues(values: CustomerFormValues): CustomerFormValues {
  return { ...values, password: '', passwordConfirm: '' };
}

/** A refused save keeps what was typed, passwords aside, for the page to show again without JavaScript. */
export type PostedSubmitResult = SubmitResult | (Exclude<SubmitResult, { ok: true }> & { kept: CustomerFormValues });

/** What the page shows after a plain post was refused: the values kept, field errors, the form's message. */
export interface PostedFormState {
  values: CustomerFormValues | null;
  errors: FormErrors;
  submitError: string | null;
  /** The server's address check failed: the form shows it with "Keep as entered". */
  addressErrors?: AddressError[];
  /** The store API was out: the page answers as an outage, not as a refusal. */
  outage?: true;
}

/**
 * The page's reading of its form's action: saved (go on to review), or the state to show again.
 * A form the action could not even read (fields too long) is "errors in form" with the loaded values.
 */
export function postedFormState(
  posted: { data: PostedSubmitResult; error: undefined } | { data: undefined; error: unknown },
  t: Translate,
): 'saved' | PostedFormState {
  const result = posted.data;
  if (!result) return { values: null, errors: {}, submitError: t('validation.errorsInForm') };
  if (result.ok) return 'saved';
  const values = 'kept' in result ? result.kept : null;
  if ('errors' in result) return { values, errors: result.errors, submitError: null };
  if ('address' in result) return { values, errors: {}, submitError: null, addressErrors: result.address };
  return {
    values,
    errors: {},
    submitError: messageText(result.failure, t),
    ...(result.outage ? { outage: result.outage } : {}),
  };
}
