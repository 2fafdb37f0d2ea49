import { browser } from '~/lib/browser';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { InvoiceView } from '~/components/invoice/InvoiceView';
import type { InvoiceSeller } from '~/components/invoice/seller';
import type { Locale } from '~/lib/i18n/locales';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { deliveryEstimate, trackOrder } from './payment-success';
import { localizedPath } from '~/lib/i18n/locales';
import { $paymentSuccess, retryPaymentSuccess, startPaymentSuccess } from './payment-success.store';
import './payment-success.css';

interface Props {
  messages: Messages;
  locale: Locale;
  signedIn: boolean;
  /** Signed in as a guest (no order history of their own). */
  guest: boolean;
  basketNum: string | undefined;
  storeId: string;
  storefrontUrl: string;
  /** The storefront's contact form (absolute). */
  contactFormUrl: string;
  /** Where the page goes when it has nothing to show: the page the shopper was on before. */
  redirectTo: string;
  supportPhone: string;
  supportEmail: string;
  seller: InvoiceSeller;
  /** Where the confirmation was sent, when known. */
  email: string | null;
  /** The order lookup's page and action, which Track order posts to when the e-mail is known. */
  lookupAction: string;
}

export default function PaymentSuccessIsland(props: Props) {
  const { messages, locale } = props;
  const t = useMemo(() => createTranslate(messages), [messages]);
  const state = useStore($paymentSuccess);

  useEffect(() => {
    const token = new URLSearchParams(browser().location().search).get('token');
    void startPaymentSuccess({
      signedIn: props.signedIn,
      basketNum: props.basketNum,
      token,
      storeId: props.storeId,
      locale,
      redirectTo: props.redirectTo,
    });
  }, [props.signedIn, props.basketNum, props.storeId, props.redirectTo, locale]);

  // The printed invoice is always the whole invoice, even when the shopper had folded it.
  useEffect(() => {
    const unfold = () =>
      document.querySelectorAll<HTMLDetailsElement>('details.invoice').forEach((d) => (d.open = true));
    globalThis.addEventListener('beforeprint', unfold);
    return () => globalThis.removeEventListener('beforeprint', unfold);
  }, []);

  const links = (
    <p className="invoice__links no-print">
      <a href={props.storefrontUrl}>{t('payment.continueShopping')}</a>{' '}
      <a href={props.contactFormUrl} target="_blank" rel="noopener noreferrer">
        {t('payment.contactUs')}
      </a>
    </p>
  );

  if (state.state === 'loading') {
    return (
      <section className="payment stack" aria-busy="true">
        <p role="status">{t('payment.loading')}</p>
      </section>
    );
  }
  if (state.state === 'walletError') {
    return (
      <section className="payment stack">
        <div className="notice notice--error" role="alert">
          <h1>{t('payment.walletError.title')}</h1>
          <p>{t('payment.walletError.text')}</p>
          <p>
            {t('payment.walletError.contact')}{' '}
            <a href={`tel:${props.supportPhone.replace(/[^\d+]/g, '')}`}>{props.supportPhone}</a>{' '}
            <a href={`mailto:${props.supportEmail}`}>{props.supportEmail}</a>
          </p>
          {state.orderNo ? (
            <p>{t('payment.walletError.reference', { number: state.orderNo })}</p>
          ) : (
            // No order was made: support finds the payment by the basket it was for.
            props.basketNum && <p>{t('payment.walletError.basketReference', { number: props.basketNum })}</p>
          )}
        </div>
        {links}
      </section>
    );
  }
  if (state.state === 'walletUnconfirmed') {
    return (
      <section className="payment stack">
        <div className="notice notice--warning" role="alert">
          <h1>{t('payment.walletUnconfirmed.title')}</h1>
          <p>{t('payment.walletUnconfirmed.text')}</p>
          <p>
            <button type="button" className="button" onClick={() => void retryPaymentSuccess()}>
              {t('payment.walletUnconfirmed.retry')}
            </button>
          </p>
          {state.orderNo && <p>{t('payment.walletError.reference', { number: state.orderNo })}</p>}
        </div>
        {links}
      </section>
    );
  }
  if (state.state === 'missing') {
    return (
      <section className="payment stack">
        <p className="notice notice--error" role="alert">
          {t('payment.missing')}
        </p>
        {links}
      </section>
    );
  }
  const { receipt, payMethod } = state;
  const invoice = receipt.JSONINVOICE;
  const orderNumber = invoice.order_no_display || receipt.ORDER_NO;
  const track = trackOrder(orderNumber, props.email, props.signedIn && !props.guest);
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
          {props.email && (
            <>
              <dt>{t('payment.sentTo')}</dt>
              <dd>{props.email}</dd>
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
          <button type="button" className="button button--quiet" onClick={() => globalThis.print()}>
            {t('payment.print')}
          </button>
        </div>
      </div>
      {payMethod === 'ol' && (
        <p className="notice notice--warning">{t('payment.offlineNote', { number: orderNumber })}</p>
      )}
      <InvoiceView
        t={t}
        locale={locale}
        invoice={invoice}
        orderNo={receipt.ORDER_NO}
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

/** The message domains this island translates: its page sends it these phrases. */
PaymentSuccessIsland.messageDomains = [
  'payment',
  'review.shipping.level',
  'review.shipping.eta',
  'common.timeZone',
  'returnPolicy',
] satisfies MessagePrefix[];
