import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { createTranslate, type MessageKey, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import {
  isLookupValid,
  lookupFromQuery,
  lookupToQuery,
  validateLookup,
  type LookupErrors,
  type LookupForm,
  type LookupMode,
} from './orders';
import { $orderLookup, lookUpOrder } from './orders.store';
import { OrderEntry } from './OrderEntry';
import type { StoreId } from '~/stores';

interface Props {
  messages: Messages;
  locale: Locale;
  storeId: StoreId;
  storefrontUrl: string;
  /** The query the page was opened with, so the first render matches the server's. */
  initialQuery: string;
}

const ERROR_KEYS: Record<NonNullable<LookupErrors[keyof LookupErrors]>, MessageKey> = {
  required: 'validation.required',
  email: 'validation.email',
  numeric: 'validation.numeric',
};

export default function OrderLookupIsland({ messages, locale, storeId, storefrontUrl, initialQuery }: Props) {
  const t = useMemo(() => createTranslate(messages), [messages]);
  const [form, setForm] = useState<LookupForm>(() => lookupFromQuery(initialQuery));
  // Values that came with the link are checked at once, so the shopper sees why nothing was looked up.
  const [touched, setTouched] = useState<Record<string, boolean>>(() => {
    const initial = lookupFromQuery(initialQuery);
    return { email: initial.email !== '', orderNo: initial.orderNo !== '', invoiceNo: initial.invoiceNo !== '' };
  });
  const lookup = useStore($orderLookup);
  const started = useRef(false);
  const errors = validateLookup(form);
  const valid = isLookupValid(form);

  // Opened from a link with a complete query: look the order up at once.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const initial = lookupFromQuery(initialQuery);
    if (isLookupValid(initial)) void lookUpOrder(initial);
  }, [initialQuery]);

  // The address bar follows the form, so the page can be bookmarked or shared as filled in.
  useEffect(() => {
    const next = `${window.location.pathname}${lookupToQuery(form, window.location.search)}`;
    if (next !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(window.history.state, '', next);
  }, [form]);

  const update = (patch: Partial<LookupForm>) => setForm((current) => ({ ...current, ...patch }));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setTouched({ email: true, orderNo: true, invoiceNo: true });
    if (valid) void lookUpOrder(form);
  };
  const errorOf = (field: keyof LookupErrors) => {
    const error = errors[field];
    return touched[field] && error ? t(ERROR_KEYS[error]) : null;
  };
  const field = (name: 'email' | 'orderNo' | 'invoiceNo', label: string, inputMode?: 'numeric' | 'email' | 'text') => {
    const error = errorOf(name);
    const id = `lookup-${name}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          type={name === 'email' ? 'email' : 'text'}
          inputMode={inputMode}
          autoComplete={name === 'email' ? 'email' : 'off'}
          value={form[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => update({ [name]: event.target.value })}
          onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
        />
        {error && (
          <span id={`${id}-error`} className="field__error">
            {error}
          </span>
        )}
      </div>
    );
  };
  const modes: LookupMode[] = ['order', 'invoice'];

  return (
    <section className="orders stack">
      <h1>{t('orders.lookupTitle')}</h1>
      <form className="orders__lookup card" onSubmit={submit} noValidate>
        {field('email', t('orders.lookup.email'), 'email')}
        <fieldset className="orders__mode">
          <legend>{t('orders.lookup.by')}</legend>
          {modes.map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name="mode"
                value={mode}
                checked={form.mode === mode}
                onChange={() => update({ mode })}
              />
              {t(`orders.lookup.mode.${mode}`)}
            </label>
          ))}
        </fieldset>
        {form.mode === 'order'
          ? field('orderNo', t('orders.lookup.orderNo'), 'numeric')
          : field('invoiceNo', t('orders.lookup.invoiceNo'), 'text')}
        <button type="submit" className="button" disabled={!valid || lookup.state === 'loading'}>
          {lookup.state === 'loading' ? t('common.loading') : t('orders.lookup.submit')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {lookup.state === 'notFound' && (
          <div className="notice notice--warning">
            <p>{t('orders.lookup.notFound')}</p>
            <p>
              {t('orders.lookup.hint')}{' '}
              <a href={localizedPath('/order-history/', locale)}>{t('orders.historyTitle')}</a>
            </p>
          </div>
        )}
      </div>
      {lookup.state === 'limited' && (
        <div className="notice notice--error" role="alert">
          <p>{t('orders.lookup.limited')}</p>
        </div>
      )}
      {lookup.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{lookup.error ?? t('common.errorWithServer')}</p>
          <button type="button" className="button" onClick={() => void lookUpOrder(form)}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {lookup.state === 'success' && lookup.order && (
        <>
          <OrderEntry order={lookup.order} t={t} locale={locale} storeId={storeId} storefrontUrl={storefrontUrl} open />
          <p className="order__meta">{t('common.timeZone.note')}</p>
        </>
      )}
    </section>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
OrderLookupIsland.messageDomains = [
  'orders',
  'common',
  'validation',
  'review.shipping.level',
] satisfies MessagePrefix[];
