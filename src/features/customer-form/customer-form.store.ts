import { atom } from 'nanostores';
import { handleLoggedOut } from '~/lib/api/client';
import { messageText } from '~/lib/i18n/message-ref';
import type { Translate } from '~/lib/i18n/translate';
import { createsAccount, type FormMode } from './form-mode';
import { emptyForm, trimValues, type CustomerFormValues } from './form-values';
import { formFromAnswer } from './loaded-values';
import { hasChanged, locationChanged } from './changes';
import { hasErrors, validateCustomerForm, type FieldPath, type FormErrors } from './validation';
import { submitAction } from './submit';
import { getGuest, getUser } from '~/lib/store-api/calls';
import { failureStatus, mapResult } from '~/lib/store-api/result';
import { submitCustomerCall } from './customer-form.action-calls';
import { markForReload } from '~/lib/reload-flags';
import type { AddressError } from '~/features/address/public';

export type FormLoadState = 'ready' | 'loading' | 'error';

export const $values = atom<CustomerFormValues>(emptyForm());
export const $errors = atom<FormErrors>({});
export const $mode = atom<FormMode>('create');
export const $loadState = atom<FormLoadState>('ready');
export const $submitting = atom(false);
export const $submitError = atom<string | null>(null);

interface Context {
  basketNum: string;
  /** Values as loaded, to tell whether the customer changed anything. */
  initial: CustomerFormValues;
  /** A stored address exists for this customer or guest. */
  existing: boolean;
  userid: string | number | undefined;
  /** A signed-in subscriber, whom the update makes a customer. */
  subscriber: boolean;
}

const context: Context = { basketNum: '', initial: emptyForm(), existing: false, userid: undefined, subscriber: false };

export function initCustomerForm(options: {
  mode: FormMode;
  basketNum: string;
  initial: CustomerFormValues | null;
  loadFailed: boolean;
  userid?: string | number | undefined;
  openBilling?: boolean;
  /** The values came from another record (an earlier guest order): shown, but not yet saved here. */
  prefilled?: boolean;
  subscriber?: boolean;
  /** A plain post the server refused: its field errors and message, shown at once. */
  errors?: FormErrors;
  submitError?: string | null;
}): void {
  const values = options.initial ?? emptyForm();
  context.basketNum = options.basketNum;
  context.initial = options.prefilled ? emptyForm() : values;
  context.existing = options.initial !== null && !options.prefilled;
  context.userid = options.userid;
  context.subscriber = options.subscriber ?? false;
  $mode.set(options.mode);
  $values.set(options.openBilling ? { ...values, differentBillingAddress: true } : values);
  $errors.set(options.errors ?? {});
  $submitError.set(options.submitError ?? null);
  $loadState.set(options.loadFailed ? 'error' : 'ready');
}

/** Every edit is committed at once; a fixed field loses its error. */
export function setValue(
  path: FieldPath | 'subscribe' | 'differentBillingAddress' | 'createAccount',
  value: string | boolean,
): void {
  const current = $values.get();
  const [section, field] = path.split('.') as [string, string | undefined];
  if (field && (section === 'shipping' || section === 'billing')) {
    $values.set({ ...current, [section]: { ...current[section], [field]: value } });
  } else {
    $values.set({ ...current, [section]: value });
  }
  const errors = $errors.get();
  if (path in errors) {
    const { [path as FieldPath]: _gone, ...rest } = errors;
    $errors.set(rest);
  }
}

/** A field the shopper left: its own rule is checked, so nothing is flagged before it was typed in. */
export function checkField(path: FieldPath): void {
  const code = validateCustomerForm(trimValues($values.get()), $mode.get())[path];
  const { [path]: _previous, ...rest } = $errors.get();
  $errors.set(code ? { ...rest, [path]: code } : rest);
}

export function setVerified(verified: 0 | 1 | 2): void {
  const current = $values.get();
  $values.set({ ...current, shipping: { ...current.shipping, address_verified: verified } });
}

/** Retry after "can't get address". */
export async function reloadAddress(nameOf: (code: string) => string | undefined): Promise<void> {
  $loadState.set('loading');
  const mode = $mode.get();
  // One flag for both loads: a newer one cancels the earlier.
  const result =
    mode === 'edit'
      ? mapResult(await getUser({ flag: 'address' }), (user) => user.record)
      : await getGuest(context.basketNum, { flag: 'address' });
  if (!result.ok && result.failure.kind === 'cancelled') return;
  if (!result.ok && !(mode !== 'edit' && failureStatus(result.failure) === 404)) {
    $loadState.set('error');
    return;
  }
  const loaded = result.ok ? formFromAnswer(result.value, nameOf) : null;
  initCustomerForm({
    mode,
    basketNum: context.basketNum,
    initial: loaded,
    loadFailed: false,
    userid: context.userid,
    subscriber: context.subscriber,
  });
}

export type SubmitOutcome =
  | { ok: true; changed: boolean }
  | { ok: false; reason: 'invalid' | 'failed' }
  /** The address check stopped the form: its card shows what to do. */
  | { ok: false; reason: 'address'; errors?: AddressError[] };

export interface AddressGate {
  /** Checks the address if it is not yet and answers whether the form may go on. */
  ready: () => Promise<boolean>;
  /** The shopper chose "Keep as entered". */
  kept: boolean;
}

/**
 * Validates, sends what the mode needs (nothing when unchanged), flags the review page's data
 * for reload when the form changed, and keeps every typed value on failure.
 */
export async function submitCustomerForm(t: Translate, address: AddressGate): Promise<SubmitOutcome> {
  if ($submitting.get()) return { ok: false, reason: 'failed' };
  $submitError.set(null);
  const mode = $mode.get();
  const errors = validateCustomerForm(trimValues($values.get()), mode);
  $errors.set(errors);
  if (hasErrors(errors)) return { ok: false, reason: 'invalid' };
  $submitting.set(true);
  const addressReady = await address.ready();
  $submitting.set(false);
  if (!addressReady) return { ok: false, reason: 'address' };
  // Read after the check: it sets the address's verified flag.
  const values = trimValues($values.get());

  const newAccount = createsAccount(mode, values.createAccount);
  const changed = hasChanged(context.initial, values);
  const action = submitAction({
    mode,
    createsAccount: newAccount,
    changed,
    existing: context.existing,
    subscriber: context.subscriber,
  });
  if (action === 'none') return { ok: true, changed: false };

  $submitting.set(true);
  const result = await submitCustomerCall({
    action,
    mode,
    basketNum: context.basketNum,
    userid: context.userid,
    values,
    ...(address.kept ? { addressKept: true } : {}),
  });
  $submitting.set(false);
  if (!result.ok) {
    if ('address' in result) return { ok: false, reason: 'address', errors: result.address };
    if ('errors' in result) {
      $errors.set(result.errors);
      return { ok: false, reason: 'invalid' };
    }
    $submitError.set(messageText(result.failure, t));
    if (result.loggedOut) handleLoggedOut();
    return { ok: false, reason: 'failed' };
  }

  if (action === 'customerAdd') $mode.set('edit');
  context.subscriber = false;
  if (changed || action !== 'customerUpdate') {
    markForReload(['shipping', 'basket', 'address']);
    if (locationChanged(context.initial, values)) markForReload(['taxShippingUnavailable']);
  }
  context.initial = values;
  context.existing = true;
  return { ok: true, changed: true };
}
