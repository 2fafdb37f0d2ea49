import { InvoiceView } from '~/components/invoice/InvoiceView';
import type { InvoiceSeller } from '~/components/invoice/seller';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import { deliveryEstimate, trackOrder } from './payment-success';
import type { SuccessView } from './payment-success.server';
import './payment-success.css';

interface Props {
  t: Translate;
  locale: Locale;
  view: Exclude<SuccessView, { kind: 'leave' } | { kind: 'confirmed' }>;
  /** Signed in as a customer (a guest has no order history of their own). */
  customer: boolean;
  storefrontUrl: string;
  /** The storefront's contact form (absolute). */
  contactFormUrl: string;
  supportPhone: string;
  supportEmail: string;
  seller: InvoiceSeller;
  /** The order lookup's page and action, which Track order posts to when the e-mail is known. */
  lookupAction: string;
  /** This page's own address, query included: Try again asks the same again. */
  sameAddress: string;
}

/**
 * Payment success as the server draws it (spec checkout §4): the order's thanks and invoice, or
 * what went wrong with the wallet. Rendered on the server only: the page ships no island, and
 * every action is a link or a form; Print is shown by the session forms' script.
 */
export default function PaymentSuccessView(props: Props) {
  const { t, locale, view } = props;
  const links = (
    <p className="invoice__links no-print">
      <a href={props.storefrontUrl}>{t('payment.continueShopping')}</a>{' '}
      <a href={props.contactFormUrl} target="_blank" rel="noopener noreferrer">
        {t('payment.contactUs')}
      </a>
    </p>
  );
  const contact = (
    <p>
      {t('payment.walletError.contact')}{' '}
      <a href={`tel:${props.supportPhone.replace(/[^\d+]/g, '')}`}>{props.supportPhone}</a>{' '}
      <a href={`mailto:${props.supportEmail}`}>{props.supportEmail}</a>
    </p>
  );

  if (view.kind === 'walletError') {
    return (
      <section className="payment stack">
        <div className="notice notice--error" role="alert">
          <h1>{t('payment.walletError.title')}</h1>
          <p>{t('payment.walletError.text')}</p>
          {contact}
          {view.orderNo && <p>{t('payment.walletError.reference', { number: view.orderNo })}</p>}
        </div>
        {links}
      </section>
    );
  }
  if (view.kind === 'walletUnconfirmed') {
    return (
      <section className="payment stack">
        <div className="notice notice--warning" role="alert">
          <h1>{t('payment.walletUnconfirmed.title')}</h1>
          <p>{t('payment.walletUnconfirmed.text')}</p>
          <p>
            <a className="button" href={props.sameAddress}>
              {t('payment.walletUnconfirmed.retry')}
            </a>
          </p>
          {view.orderNo && <p>{t('payment.walletError.reference', { number: view.orderNo })}</p>}
        </div>
        {links}
      </section>
    );
  }
  if (view.kind === 'missing' || view.kind === 'unavailable') {
    return (
      <section className="payment stack">
        <div className="notice notice--error" role="alert">
          <h1>{t('payment.title')}</h1>
          {view.kind === 'missing' ? (
            <p>{t('payment.missing')}</p>
          ) : (
            <>
              <p>{t('payment.unavailable')}</p>
              <p>
                <a className="button" href={props.sameAddress}>
                  {t('payment.reload')}
                </a>
              </p>
            </>
          )}
        </div>
        {links}
      </section>
    );
  }

  const { invoice, payMethod, email } = view;
  const orderNumber = invoice.order_no_display || view.orderNo;
  const track = trackOrder(orderNumber, email, props.customer);
  const firstName = (invoice.billing?.firstname || invoice.shipping?.firstname || '').trim();
  const eta = deliveryEstimate(invoice.ship_type);
  return (
    <section className="payment stack">
      <div className="payment__hero card">
        <svg className="payment__check" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" />
          <path d="M7 12.5l3.2 3.2L17 9" />
        </svg>
        <div role="status" className="payment__status">
          <p className="payment__thanks">
            {firstName ? t('payment.thanks', { name: firstName }) : t('payment.thanksNoName')}
          </p>
          <h1 className="payment__banner">{t('payment.received')}</h1>
        </div>
        <dl className="payment__facts facts">
          <dt>{t('payment.orderNumber')}</dt>
          <dd className="payment__number">{orderNumber}</dd>
          {email && (
            <>
              <dt>{t('payment.sentTo')}</dt>
              <dd>{email}</dd>
            </>
          )}
          <dt>{payMethod === 'ol' ? t('payment.paymentDue') : t('payment.paidWith')}</dt>
          <dd data-testid="paid-with">{t(`payment.method.${payMethod}`)}</dd>
          {eta && (
            <>
              <dt>{t('payment.estimatedDelivery')}</dt>
              <dd>{t(`review.shipping.eta.${eta}`)}</dd>
            </>
          )}
        </dl>
        <div className="payment__actions no-print">
          {track.kind === 'post' ? (
            <form className="payment__track" method="post" action={props.lookupAction}>
              {Object.entries(track.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="button button--large">
                {t('payment.trackOrder')}
              </button>
            </form>
          ) : (
            <a className="button button--large" href={localizedPath(track.path, locale)}>
              {t('payment.trackOrder')}
            </a>
          )}
          <a className="button button--secondary" href={props.storefrontUrl}>
            {t('payment.continueShopping')}
          </a>
          {/* Shown by the page's script: without JavaScript the browser's own Print does the same. */}
          <span data-print hidden>
            <button type="button" className="button button--quiet">
              {t('payment.print')}
            </button>
          </span>
        </div>
      </div>
      {payMethod === 'ol' && (
        <p className="notice notice--warning">{t('payment.offlineNote', { number: orderNumber })}</p>
      )}
      <InvoiceView
        t={t}
        locale={locale}
        invoice={invoice}
        orderNo={orderNumber}
        payMethod={payMethod}
        seller={props.seller}
      />
      <p className="invoice__links no-print">
        <a href={props.contactFormUrl} target="_blank" rel="noopener noreferrer">
          {t('payment.contactUs')}
        </a>
      </p>
    </section>
  );
}
