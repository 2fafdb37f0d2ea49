import { browser } from '~/lib/browser';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';
import { createTranslate, type MessageKey, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { messageText } from '~/lib/i18n/message-ref';
import { isOneOf } from '~/lib/is-one-of';
import {
  isLookupValid,
  LOOKUP_MODES,
  validateLookup,
  withoutLookupQuery,
  type LookupErrors,
  type LookupForm,
  type LookupState,
} from './guest-lookup';
import type { OrderShop } from './order-shop';
import { $orderLookup, lookUpOrder } from './orders.store';
import { OrderEntry } from './OrderEntry';

interface Props {
  messages: Messages;
  locale: Locale;
  shop: OrderShop;
  /** The form as the page drew it: posted, prefilled by a link's query, or empty. */
  initialForm: LookupForm;
  /** What the page's lookup came to (a plain post, or a link's query); idle when none ran. */
  initialLookup: LookupState;
  /** This page and the form's action: without JavaScript, or before the island loads, the form posts there. */
  action: string;
  /** The form came from a post: every field is checked, as after a submit. */
  posted?: boolean;
}

/** The names the fields are posted under (the store API's own). */
const POSTED_NAMES = { email: 'email', orderNo: 'order_no', invoiceNo: 'invoice_no' } as const;

const FIELD_OF_POSTED: Readonly<Record<string, keyof typeof POSTED_NAMES>> = {
  email: 'email',
  order_no: 'orderNo',
  invoice_no: 'invoiceNo',
} satisfies Record<(typeof POSTED_NAMES)[keyof typeof POSTED_NAMES], keyof typeof POSTED_NAMES>;

const ERROR_KEYS: Record<NonNullable<LookupErrors[keyof LookupErrors]>, MessageKey> = {
  required: 'validation.required',
  email: 'validation.email',
  numeric: 'validation.numeric',
};

export default function OrderLookupIsland(props: Props) {
  const { messages, locale, shop, initialForm, initialLookup } = props;
  const t = useMemo(() => createTranslate(messages), [messages]);
  const [form, setForm] = useState<LookupForm>(initialForm);
  // Values that came with the page are checked at once, so the shopper sees why nothing was found.
  const [touched, setTouched] = useState<Record<string, boolean>>(() => ({
    email: props.posted || initialForm.email !== '',
    orderNo: props.posted || initialForm.orderNo !== '',
    invoiceNo: props.posted || initialForm.invoiceNo !== '',
  }));
  const [hydrated, setHydrated] = useState(false);
  const stored = useStore($orderLookup);
  // The page's own lookup shows until the island looks up again.
  const lookup = stored.state === 'idle' ? initialLookup : stored;
  const errors = validateLookup(form);
  const valid = isLookupValid(form);

  // A link that opened a lookup carried the e-mail: it leaves the address bar, history and later referrers.
  useEffect(() => {
    setHydrated(true);
    const { pathname, search } = browser().location();
    const clean = withoutLookupQuery(search);
    if (clean !== search) browser().replaceAddress(`${pathname}${clean}`);
  }, []);

  const update = (patch: Partial<LookupForm>) => setForm((current) => ({ ...current, ...patch }));
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'mode' && isOneOf(LOOKUP_MODES, value)) update({ mode: value });
    const field = FIELD_OF_POSTED[name];
    if (field && typeof value === 'string') {
      update({ [field]: value });
      setTouched((current) => ({ ...current, [field]: true }));
    }
  });
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
      <div className={`field orders__number--${name}`}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={POSTED_NAMES[name]}
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

  return (
    <section className="orders stack">
      <h1>{t('orders.lookupTitle')}</h1>
      <form
        ref={formRef}
        className="orders__lookup card"
        method="post"
        action={props.action}
        onSubmit={submit}
        noValidate
      >
        {field('email', t('orders.lookup.email'), 'email')}
        <fieldset className="orders__mode">
          <legend>{t('orders.lookup.by')}</legend>
          {LOOKUP_MODES.map((mode) => (
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
        {/* Both numbers are drawn; the chosen mode shows its own (orders.css), with or without JavaScript. */}
        {field('orderNo', t('orders.lookup.orderNo'), 'numeric')}
        {field('invoiceNo', t('orders.lookup.invoiceNo'), 'text')}
        {/* Until the island runs, the browser posts the form and the server checks it. */}
        <button type="submit" className="button" disabled={hydrated && (!valid || lookup.state === 'loading')}>
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
          <p>{lookup.error ? messageText(lookup.error, t) : t('common.errorWithServer')}</p>
          <button type="button" className="button" onClick={() => void lookUpOrder(form)}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {lookup.state === 'success' && lookup.order && (
        <>
          <OrderEntry
            order={lookup.order}
            t={t}
            locale={locale}
            shop={shop}
            open
            invoice={lookup.order.invoice}
            invoicePage={false}
          />
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
  'payment',
  'validation',
  'review.shipping.level',
] satisfies MessagePrefix[];
