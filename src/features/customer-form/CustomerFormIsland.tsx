import { browser } from '~/lib/browser';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FocusEvent, type SubmitEvent } from 'react';
import Field from '~/components/ui/Field';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import type { Locale } from '~/lib/i18n/locales';
import {
  AddressValidator,
  createAddressValidator,
  submitGate,
  type AddressError,
  type AddressInput,
} from '~/features/address/public';
import AddressFields, { fieldId } from './AddressFields';
import ErrorSummary from './ErrorSummary';
import { ADDRESS_FIELDS, type AddressField, type CustomerFormValues } from './form-values';
import { CONTACT_FIELDS, ERROR_KEYS, hasErrors, type FieldPath, type FormErrors } from './validation';
import { SUBMIT_LABEL_KEYS, createsAccount, type FormMode } from './form-mode';
import { parseCountry } from './country-value';
import { COUNTRY_LIST_ID, drawnCountryOptions } from './country-list';
import {
  $errors,
  $loadState,
  $mode,
  $submitError,
  $submitting,
  $values,
  checkField,
  initCustomerForm,
  reloadAddress,
  setValue,
  setVerified,
  submitCustomerForm,
} from './customer-form.store';
import { postForm } from '~/components/ui/post-form';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';
import { isOneOf } from '~/lib/is-one-of';
import { CHECKBOXES } from './posted-form';

export const BILLING_SCROLL_DELAY_MS = 10;
const VALIDATED_FIELDS: readonly AddressField[] = ['country', 'state', 'city', 'zip', 'address1'];
/** The form asks for the country first: it decides which states and postal codes follow. */
const ADDRESS_ORDER: readonly AddressField[] = ['country', ...ADDRESS_FIELDS.filter((field) => field !== 'country')];
/** The fields as the form shows them, for the error summary. */
const FORM_ORDER: readonly FieldPath[] = [
  'email',
  ...ADDRESS_ORDER.map((field): FieldPath => `shipping.${field}`),
  ...ADDRESS_ORDER.map((field): FieldPath => `billing.${field}`),
  'password',
  'passwordConfirm',
];

interface Props {
  messages: Messages;
  /** The page's language: on the server, the country list's. */
  locale: Locale;
  mode: FormMode;
  basketNum: string;
  initial: CustomerFormValues | null;
  loadFailed: boolean;
  userid?: string | number | undefined;
  /** billing=1: the billing block opens and scrolls into view. */
  openBilling: boolean;
  /** Signed-in customers validate without the basket number. */
  authorized: boolean;
  /** A signed-in subscriber: saving the form makes them a customer. */
  subscriber?: boolean;
  /** The values are an earlier guest order's, offered for this basket. */
  prefilled?: boolean;
  /** Where a saved form goes: review order, or the page a subscriber was heading for. */
  reviewPath: string;
  /** This page and the form's action: without JavaScript, or before the island loads, the form posts there. */
  action: string;
  /** What the server found in a plain post it refused. */
  initialErrors?: FormErrors | undefined;
  initialSubmitError?: string | null | undefined;
  /** The server's address check refused a plain post: the card shows its errors with "Keep as entered". */
  initialAddressErrors?: AddressError[] | undefined;
}

function addressInput(values: CustomerFormValues): AddressInput {
  const { address1, address2, city, state, zip, country } = values.shipping;
  return { address1, address2, city, state, zip, country };
}

export default function CustomerFormIsland(props: Props) {
  const t = useMemo(() => createTranslate(props.messages), [props.messages]);
  const [countries] = useState(() =>
    drawnCountryOptions(props.locale, typeof document === 'undefined' ? null : document),
  );
  const [validator] = useState(() => {
    initCustomerForm({
      mode: props.mode,
      basketNum: props.basketNum,
      initial: props.initial,
      loadFailed: props.loadFailed,
      userid: props.userid,
      openBilling: props.openBilling,
      prefilled: props.prefilled ?? false,
      subscriber: props.subscriber ?? false,
      errors: props.initialErrors ?? {},
      submitError: props.initialSubmitError ?? null,
    });
    const created = createAddressValidator({
      basket: props.authorized ? undefined : props.basketNum,
      onVerified: setVerified,
      opening: { verified: $values.get().shipping.address_verified, input: addressInput($values.get()) },
    });
    if (props.initialAddressErrors) created.fail(props.initialAddressErrors);
    return created;
  });
  const addressState = useStore(validator.$state);
  // Counts the submits the address check stopped: the notice shows while the check still stops it.
  const [addressStops, setAddressStops] = useState(() => (props.initialAddressErrors ? 1 : 0));
  const addressNoticeRef = useRef<HTMLParagraphElement>(null);
  const values = useStore($values);
  const errors = useStore($errors);
  const mode = useStore($mode);
  const loadState = useStore($loadState);
  const submitting = useStore($submitting);
  const submitError = useStore($submitError);
  const summaryRef = useRef<HTMLDivElement>(null);
  // The summary comes with a submit (the server's, for a plain post it refused); a field left
  // before that shows its error under itself only.
  const [focusSummary, setFocusSummary] = useState(() => (hasErrors(props.initialErrors ?? {}) ? 1 : 0));
  // Until the island runs, the form is a plain one: billing and password fields are all in the page,
  // and the stylesheet shows them as their boxes are ticked.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Fields the shopper typed in: leaving one checks it; untouched fields wait for the submit.
  const [edited] = useState(() => new Set<FieldPath>());
  const edit = (path: FieldPath, value: string) => {
    edited.add(path);
    setValue(path, value);
  };
  // Focus going to a button (Continue, Use suggested) is a click under way: a message appearing now
  // would move the button from under the pointer, and the click itself checks or changes the field.
  const leave = (path: FieldPath, next: EventTarget | null = null) => {
    if (edited.has(path) && !(next instanceof HTMLButtonElement)) checkField(path);
  };

  const englishName = useMemo(() => {
    const names = new Map(
      countries.map((option) => [parseCountry(option.value).code, parseCountry(option.value).name]),
    );
    return (code: string) => names.get(code);
  }, [countries]);

  useEffect(() => {
    // A post the server refused for its address keeps that failure on screen, not a new check.
    if (!props.initialAddressErrors)
      validator.load($values.get().shipping.address_verified, addressInput($values.get()));
    return validator.dispose;
  }, [validator, props.initialAddressErrors]);

  useEffect(() => {
    if (addressStops > 0) addressNoticeRef.current?.focus();
  }, [addressStops]);

  useEffect(() => {
    if (!props.openBilling) return;
    const timer = setTimeout(
      () => document.getElementById('billing-section')?.scrollIntoView({ block: 'start' }),
      BILLING_SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [props.openBilling]);

  useEffect(() => {
    if (focusSummary > 0) summaryRef.current?.focus();
  }, [focusSummary]);

  const changeShipping = (field: AddressField, value: string) => {
    edit(`shipping.${field}`, value);
    // Regions belong to a country: a new country starts with an empty region.
    if (field === 'country' && parseCountry(value).code !== parseCountry(values.shipping.country).code)
      setValue('shipping.state', '');
    if (VALIDATED_FIELDS.includes(field) || field === 'address2') validator.change(addressInput($values.get()));
  };
  const changeBilling = (field: AddressField, value: string) => {
    edit(`billing.${field}`, value);
    if (field === 'country' && parseCountry(value).code !== parseCountry(values.billing.country).code)
      setValue('billing.state', '');
  };

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (typeof value === 'boolean') {
      if (isOneOf(CHECKBOXES, name)) setValue(name, value);
      return;
    }
    const [section, field] = name.split('.');
    if (section === 'shipping' && isOneOf(ADDRESS_FIELDS, field)) changeShipping(field, value);
    else if (section === 'billing' && isOneOf(ADDRESS_FIELDS, field)) changeBilling(field, value);
    else if (isOneOf(CONTACT_FIELDS, name)) edit(name, value);
  });

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await submitCustomerForm(t, {
      kept: validator.$state.get().status === 'confirmed',
      ready: async () => {
        if (submitGate(validator.$state.get()) === 'check') await validator.validateNow(addressInput($values.get()));
        return submitGate(validator.$state.get()) !== 'stop';
      },
    });
    if (outcome.ok) browser().assign(props.reviewPath);
    else if (outcome.reason === 'invalid') setFocusSummary((count) => count + 1);
    else if (outcome.reason === 'address') {
      if (outcome.errors) validator.fail(outcome.errors);
      setAddressStops((count) => count + 1);
    }
  };

  const labelOf = (path: FieldPath) => {
    if (isOneOf(CONTACT_FIELDS, path)) return t(`customer.field.${path}`);
    const [section, field] = path.split('.') as ['shipping' | 'billing', AddressField];
    const label = t(`customer.field.${field}`);
    return section === 'billing' ? `${t('customer.section.billing')}: ${label}` : label;
  };
  const idOf = (path: FieldPath) => {
    const [section, field] = path.split('.') as [string, string | undefined];
    return field ? fieldId(section as 'shipping' | 'billing', field) : `customer-${section}`;
  };
  const errorOf = (path: FieldPath) => {
    const code = errors[path];
    return code ? t(ERROR_KEYS[code]) : undefined;
  };
  const checkbox = (name: 'subscribe' | 'differentBillingAddress' | 'createAccount', label: string) => (
    <label className="customer-form__check">
      <input
        type="checkbox"
        name={name}
        checked={values[name]}
        onChange={(event) => setValue(name, event.currentTarget.checked)}
      />
      {label}
    </label>
  );
  const addressFields = (section: 'shipping' | 'billing', onChange: typeof changeShipping) => (
    <AddressFields
      section={section}
      values={values[section]}
      errors={errors}
      countries={countries}
      t={t}
      disabled={false}
      onChange={onChange}
      onLeave={(field, next) => leave(`${section}.${field}`, next)}
    />
  );
  /** A required contact field's id, name, value, error and handlers. */
  const contactField = (name: 'email' | 'password' | 'passwordConfirm') => ({
    id: `customer-${name}`,
    name,
    value: values[name],
    required: true,
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => edit(name, event.currentTarget.value),
    onBlur: (event: FocusEvent<HTMLInputElement>) => leave(name, event.relatedTarget),
  });

  if (loadState !== 'ready') {
    return (
      <>
        {loadState === 'loading' ? (
          <p role="status">{t('common.loading')}</p>
        ) : (
          <div className="notice notice--error" role="alert">
            <p>{t('customer.cantGetAddress')}</p>
            <p>{t('common.errorWithServer')}</p>
            <button type="button" className="button" onClick={() => void reloadAddress(englishName)}>
              {t('common.tryAgain')}
            </button>
          </div>
        )}
        {/* No select holds the country list yet: it waits here for the form drawn after a reload. */}
        <datalist id={COUNTRY_LIST_ID}>
          {countries.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </datalist>
      </>
    );
  }

  const needsPassword = createsAccount(mode, values.createAccount) || (!hydrated && mode !== 'edit');
  const showBilling = values.differentBillingAddress || !hydrated;
  return (
    <form ref={formRef} className="customer-form stack" {...postForm(props.action, onSubmit)} aria-busy={submitting}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="basketNum" value={props.basketNum} />
      {props.userid !== undefined && <input type="hidden" name="userid" value={String(props.userid)} />}
      <input type="hidden" name="shipping.address_verified" value={values.shipping.address_verified} />
      {/* A returning guest's page says what to do above the form already. */}
      {/* A returning guest and a subscriber have the page's own notice above: one intro, not two. */}
      {!props.prefilled && !props.subscriber && <p className="customer-form__mode">{t(`customer.intro.${mode}`)}</p>}
      <ErrorSummary
        ref={summaryRef}
        errors={focusSummary > 0 ? errors : {}}
        t={t}
        labelOf={labelOf}
        idOf={idOf}
        order={FORM_ORDER}
      />
      <fieldset className="card" disabled={submitting}>
        <legend>{t('customer.section.contact')}</legend>
        <Field
          {...contactField('email')}
          type="email"
          autoComplete="shipping email"
          label={t('customer.field.email')}
        />
        {checkbox('subscribe', t('customer.subscribe'))}
      </fieldset>
      <fieldset className="card" disabled={submitting}>
        <legend>{t('customer.section.shipping')}</legend>
        {addressFields('shipping', changeShipping)}
        <AddressValidator
          validator={validator}
          input={addressInput(values)}
          t={t}
          readOnly={submitting}
          plain={!hydrated}
          onUse={changeShipping}
        />
        {addressStops > 0 && submitGate(addressState) === 'stop' && (
          <p className="notice notice--error" role="alert" tabIndex={-1} ref={addressNoticeRef}>
            {t('customer.addressUnconfirmed')}
          </p>
        )}
        {checkbox('differentBillingAddress', t('customer.differentBilling'))}
      </fieldset>
      {showBilling && (
        <fieldset className="card customer-form__billing" id="billing-section" disabled={submitting}>
          <legend>{t('customer.section.billing')}</legend>
          {addressFields('billing', changeBilling)}
        </fieldset>
      )}
      {mode !== 'edit' && (
        <fieldset className="card" disabled={submitting}>
          <legend>{t('customer.section.account')}</legend>
          {mode !== 'create' && checkbox('createAccount', t('customer.createAccountOption'))}
          {needsPassword && (
            <div className="customer-form__grid customer-form__password">
              {(['password', 'passwordConfirm'] as const).map((name) => (
                <Field
                  key={name}
                  {...contactField(name)}
                  type="password"
                  autoComplete="new-password"
                  wrapperClass="span-half"
                  label={t(`customer.field.${name}`)}
                />
              ))}
            </div>
          )}
        </fieldset>
      )}
      {submitError && (
        <p className="notice notice--error" role="alert">
          {submitError}
        </p>
      )}
      <div className="customer-form__actions">
        <button type="submit" className="button button--large" disabled={submitting}>
          {t(SUBMIT_LABEL_KEYS[mode])}
        </button>
      </div>
    </form>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
CustomerFormIsland.messageDomains = ['customer', 'address', 'validation', 'common'] satisfies MessagePrefix[];
