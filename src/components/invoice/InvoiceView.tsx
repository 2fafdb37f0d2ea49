import Price from '~/components/ui/Price';
import PostalAddress from '~/components/ui/PostalAddress';
import { lineRow } from '~/lib/line-price';
import type { Cents } from '~/lib/money';
import { formatOrderDate } from '~/lib/i18n/order-date';
import type { Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import { shippingServiceName } from '~/lib/shipping-codes';
import { RETURN_POLICY_TERMS } from '~/lib/return-policy';
import type { Invoice, InvoiceAddress, PaymentMethod } from '~/lib/store-api/receipt';
import type { InvoiceSeller } from './seller';
import '~/styles/table-stack.css';
import './invoice.css';
import QuantityPrice from '~/components/ui/QuantityPrice';

/**
 * The invoice of an order (spec checkout §3): payment success shows it below its thanks, and the
 * order history opens it on a page of its own to print. Its phrases are the `payment` domain's,
 * plus `review.shipping.level`, `common.timeZone` and `returnPolicy`.
 */

/** Subtotal, sales tax, shipping with its service and the total, in the spec's order: the invoice's, and each order's in the history. */
export function InvoiceTotals({
  t,
  locale,
  invoice,
}: {
  t: Translate;
  locale: Locale;
  invoice: Pick<Invoice, 'subtotal' | 'tax' | 'ship_type' | 'ship_charge' | 'total'>;
}) {
  const service = shippingServiceName(t, invoice.ship_type);
  return (
    <dl className="invoice__totals facts">
      <dt>{t('payment.subtotal')}</dt>
      <dd>
        <Price amount={invoice.subtotal} locale={locale} />
      </dd>
      <dt>{t('payment.tax')}</dt>
      <dd>
        <Price amount={invoice.tax} locale={locale} />
      </dd>
      <dt>{service ? t('payment.shipping', { type: service }) : t('payment.shippingCharge')}</dt>
      <dd>
        <Price amount={invoice.ship_charge} locale={locale} />
      </dd>
      <dt>{t('payment.total')}</dt>
      <dd>
        <Price amount={invoice.total} locale={locale} />
      </dd>
    </dl>
  );
}

function AddressCard({
  title,
  address,
  locale,
}: {
  title: string;
  address: InvoiceAddress | null | undefined;
  locale: Locale;
}) {
  if (!address) return null;
  return (
    <section className="invoice__address">
      <h2>{title}</h2>
      <PostalAddress address={address} locale={locale} />
    </section>
  );
}

export function InvoiceView({
  t,
  locale,
  invoice,
  orderNo,
  payMethod,
  seller,
}: {
  t: Translate;
  locale: Locale;
  invoice: Invoice;
  orderNo: string;
  /** Named on the invoice, so the printed page says who sold (the site's header does not print). */
  seller: InvoiceSeller;
  /** Null when the store does not say how the order was paid. */
  payMethod: PaymentMethod | null;
}) {
  const money = (amount: Cents) => <Price amount={amount} locale={locale} />;
  return (
    <details className="invoice card" open aria-labelledby="invoice-title">
      <summary className="invoice__summary fold-summary">
        <h2 id="invoice-title">{t('payment.invoice')}</h2>
      </summary>
      <div className="invoice__body">
        <address className="invoice__seller">
          <strong>
            <img src={seller.logo} alt="" width="28" height="28" />
            {seller.name}
          </strong>
          {seller.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>{[seller.phone, seller.email, seller.website].join(' · ')}</span>
        </address>
        <dl className="invoice__facts facts">
          <dt>{t('payment.orderNumber')}</dt>
          <dd>{invoice.order_no_display || orderNo}</dd>
          <dt>{t('payment.orderDate')}</dt>
          <dd>{formatOrderDate(locale, invoice.date_ordered)}</dd>
          <dt>{t('payment.invoiceNumber')}</dt>
          <dd>{invoice.invoice_num}</dd>
          {payMethod && (
            <>
              <dt>{payMethod === 'ol' ? t('payment.paymentDue') : t('payment.paidWith')}</dt>
              <dd>{t(`payment.method.${payMethod}`)}</dd>
            </>
          )}
        </dl>
        <p className="invoice__zone">{t('common.timeZone.note')}</p>
        <div className="invoice__addresses">
          <AddressCard title={t('payment.billTo')} address={invoice.billing} locale={locale} />
          <AddressCard title={t('payment.shipTo')} address={invoice.shipping ?? invoice.billing} locale={locale} />
        </div>
        <table className="invoice__items table--stack">
          <caption className="visually-hidden">{t('payment.items')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payment.sku')}</th>
              <th scope="col">{t('payment.name')}</th>
              <th scope="col">{t('payment.quantity')}</th>
              <th scope="col">{t('payment.unitPrice')}</th>
              <th scope="col">{t('payment.yourPrice')}</th>
              <th scope="col">{t('payment.extPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.order_items.map((item, index) => (
              <tr key={`${item.sku}-${index}`}>
                <td data-label={t('payment.sku')}>{item.sku}</td>
                <td data-label={t('payment.name')} className="invoice__name">
                  {item.name}
                </td>
                <td data-label={t('payment.quantity')} className="invoice__number">
                  {item.quantity}
                </td>
                <td data-label={t('payment.unitPrice')} className="invoice__number">
                  {money(item.price)}
                </td>
                <td data-label={t('payment.yourPrice')} className="invoice__number">
                  <QuantityPrice row={lineRow(item.quantity, item.your_price, item.ext_price)} t={t} locale={locale} />
                </td>
                <td data-label={t('payment.extPrice')} className="invoice__number invoice__ext">
                  {money(item.ext_price)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <InvoiceTotals t={t} locale={locale} invoice={invoice} />
        <section className="invoice__returns">
          {/* The one return-policy text: the same terms as the footer's dialog and the return policy page. */}
          <h2>{t('returnPolicy.title')}</h2>
          <ul>
            {RETURN_POLICY_TERMS.map((term) => (
              <li key={term}>{t(`returnPolicy.${term}`)}</li>
            ))}
          </ul>
        </section>
      </div>
    </details>
  );
}
