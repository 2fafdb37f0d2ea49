import Field from '~/components/ui/Field';
import { formTextAttributes } from '~/components/ui/form-texts';
import type { MessageKey, Translate } from '~/lib/i18n/translate';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { messageText } from '~/lib/i18n/message-ref';
import { LOOKUP_MODES, type LookupErrors, type LookupForm, type LookupState } from './guest-lookup';
import type { OrderShop } from './order-shop';
import { OrderEntry } from './OrderEntry';

interface Props {
  t: Translate;
  locale: Locale;
  shop: OrderShop;
  /** The form as the page drew it: posted, prefilled by a link's query, or empty. */
  form: LookupForm;
  /** The errors to show as drawn (shownLookupErrors). */
  errors: LookupErrors;
  /** What the page's lookup came to (a post, or a link's query); idle when none ran. */
  lookup: LookupState;
  /** This page and the lookup action: the form posts there, with or without a script. */
  action: string;
}

const ERROR_KEYS: Record<NonNullable<LookupErrors[keyof LookupErrors]>, MessageKey> = {
  required: 'validation.required',
  email: 'validation.email',
  numeric: 'validation.numeric',
};

const FORM_ID = 'order-lookup';

/**
 * A guest's order lookup, drawn on the server only: the form posts its fields in the body, and the
 * page comes back with the order. The page's script checks the fields as they are typed, keeps Find
 * order disabled until they are valid and takes a linked lookup out of the address
 * (enhance-order-forms.ts).
 */
export function OrderLookup({ t, locale, shop, form, errors, lookup, action }: Props) {
  const errorOf = (field: keyof LookupErrors) => {
    const error = errors[field];
    return error ? t(ERROR_KEYS[error]) : undefined;
  };
  return (
    <section className="orders stack">
      <h1>{t('orders.lookupTitle')}</h1>
      <form
        id={FORM_ID}
        className="orders__lookup card"
        method="post"
        action={action}
        noValidate
        data-session-form="lookup"
        {...formTextAttributes({
          busy: t('common.loading'),
          required: t(ERROR_KEYS.required),
          email: t(ERROR_KEYS.email),
          numeric: t(ERROR_KEYS.numeric),
        })}
      >
        <Field
          id="lookup-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t('orders.lookup.email')}
          defaultValue={form.email}
          error={errorOf('email')}
        />
        <fieldset className="orders__mode">
          <legend>{t('orders.lookup.by')}</legend>
          {LOOKUP_MODES.map((mode) => (
            <label key={mode}>
              <input type="radio" name="mode" value={mode} defaultChecked={form.mode === mode} />
              {t(`orders.lookup.mode.${mode}`)}
            </label>
          ))}
        </fieldset>
        {/* Both numbers are drawn; the chosen mode shows its own (orders.css), with or without a script. */}
        <Field
          id="lookup-orderNo"
          name="order_no"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          wrapperClass="orders__number--orderNo"
          label={t('orders.lookup.orderNo')}
          defaultValue={form.orderNo}
          error={errorOf('orderNo')}
        />
        <Field
          id="lookup-invoiceNo"
          name="invoice_no"
          type="text"
          inputMode="text"
          autoComplete="off"
          wrapperClass="orders__number--invoiceNo"
          label={t('orders.lookup.invoiceNo')}
          defaultValue={form.invoiceNo}
          error={errorOf('invoiceNo')}
        />
        <button type="submit" className="button">
          {t('orders.lookup.submit')}
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
          {/* Posts the form again, as it stands. */}
          <button type="submit" form={FORM_ID} className="button">
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
