import type { ReactNode } from 'react';
import { InvoiceTotals } from '~/components/invoice/InvoiceView';
import Price from '~/components/ui/Price';
import type { OrderInvoice } from '~/lib/store-api/receipt';
import { translateIfKnown, type Translate } from '~/lib/i18n/translate';
import { formatMoney } from '~/lib/money';
import type { Locale } from '~/lib/i18n/locales';
import { formatOrderDate } from '~/lib/i18n/order-date';
import { shippingServiceName } from '~/lib/shipping-codes';
import { fallbackImage, stores } from '~/stores';
import { allTrackingNumbers, trackingHref } from './tracking-links';
import { buyAgainHref, buyAgainLists } from './buy-again';
import { displayOrderNumber } from './order-number';
import { invoiceHref, linePrices } from './invoices';
import { isOrderStatus, normaliseStatus, statusColour, statusHelpLink } from './order-status';
import { itemQuantities } from './line-quantities';
import { shipToLine } from './ship-to-line';
import type { OrderRecord } from '~/lib/store-api/orders';
import type { OrderShop } from './order-shop';
import QuantityPrice from '~/components/ui/QuantityPrice';
import '~/styles/table-stack.css';

export interface OrderEntryProps {
  order: OrderRecord;
  t: Translate;
  locale: Locale;
  shop: OrderShop;
  /** Shown expanded (a single looked-up order); the history's list starts folded. */
  open?: boolean;
  /** The order's invoice: prices each line and adds the totals. */
  invoice?: OrderInvoice | null | undefined;
  /** The invoice has a page of its own to open (the signed-in history's); a guest's lookup is itself the page to print. */
  invoicePage?: boolean;
  /** The cancel control, when the viewer may cancel. */
  children?: ReactNode;
}

/** Thumbnails shown in the folded row, overlapping in a column of one width; more lines read as "+N". */
const THUMBNAILS = 2;

export function statusLabel(t: Translate, status: string | null | undefined): string {
  const key = normaliseStatus(status);
  if (!key) return t('orders.status.unknown');
  return isOrderStatus(key) ? t(`orders.status.${key}`) : (status ?? '');
}

function lineStatusLabel(t: Translate, status: string | null | undefined): string {
  if (!status) return '';
  return translateIfKnown(t, `orders.line.${status.trim().toLowerCase()}`) ?? status;
}

/**
 * One order as the history and the guest lookup show it: a compact row (thumbnails, number, date,
 * total, status) that opens, without JavaScript, onto the lines, tracking and actions.
 */
export function OrderEntry({
  order,
  t,
  locale,
  shop,
  open = false,
  invoice,
  invoicePage = true,
  children,
}: OrderEntryProps) {
  const { storeId, storefrontUrl } = shop;
  const store = stores[storeId];
  const header = order.orderno;
  const number = displayOrderNumber(header.order_no);
  const status = header.status_for_customer ?? order.status;
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const trackings = allTrackingNumbers(order);
  const headingId = `order-${number}`;
  const shipTo = shipToLine(order.ship_to, locale);
  const items = order.items ?? [];
  const linesTracked = items.some((item) => item.tracking?.trim());
  const makerId = (name: string | null | undefined) =>
    store.manufacturers.find((maker) => maker.name.toLowerCase() === (name ?? '').trim().toLowerCase())?.id;
  const reorder = buyAgainLists(items, store.manufacturers, store.defaultBulkManufacturer);
  const date = formatOrderDate(locale, header.date_ordered);
  const total = formatMoney(locale, header.order_total ?? 0);
  const prices = invoice ? linePrices(items, invoice.invoice.order_items) : null;
  return (
    <article className="order card" aria-labelledby={headingId}>
      <details className="order__details" open={open}>
        <summary className="order__summary fold-summary">
          <span className="order__thumbs" aria-hidden="true">
            {items.slice(0, THUMBNAILS).map((item, index) => (
              <img
                key={`${item.sku ?? ''}-${index}`}
                src={fallbackImage(makerId(item.manufacturer), storeId)}
                alt=""
                width={40}
                height={40}
                loading="lazy"
              />
            ))}
            {items.length > THUMBNAILS && <span className="order__more">+{items.length - THUMBNAILS}</span>}
          </span>
          {/* A summary holds phrasing and heading content side by side, never a heading inside a span. */}
          <h2 id={headingId} className="order__number">
            {t('orders.number', { number })}
          </h2>
          <span className="order__when">
            {date} · <strong>{total}</strong>
          </span>
          <span className={`badge badge--${statusColour(status)}`}>{statusLabel(t, status)}</span>
        </summary>
        <div className="order__body">
          <dl className="order__facts facts">
            <dt>{t('orders.date')}</dt>
            <dd>{date}</dd>
            <dt>{t('orders.total')}</dt>
            <dd>{total}</dd>
            {header.ship_type && (
              <>
                <dt>{t('orders.shipping')}</dt>
                <dd>{shippingServiceName(t, header.ship_type)}</dd>
              </>
            )}
            {shipTo && (
              <>
                <dt>{t('orders.shipTo')}</dt>
                <dd>{shipTo}</dd>
              </>
            )}
          </dl>
          <p className="order__help">
            <a href={statusHelpLink(status, storefrontUrl)} target="_blank" rel="noopener noreferrer">
              {t('orders.statusHelp')}
            </a>
          </p>
          {items.length > 0 && (
            <table className="order__items table--stack">
              <caption className="visually-hidden">{t('orders.items')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('orders.item')}</th>
                  <th scope="col">{t('orders.quantity')}</th>
                  {prices && (
                    <th scope="col" className="order__price">
                      {t('orders.price')}
                    </th>
                  )}
                  <th scope="col">{t('orders.lineStatus')}</th>
                  {linesTracked && <th scope="col">{t('orders.tracking')}</th>}
                </tr>
              </thead>
              <tbody>
                {items.map((item, index) => {
                  const quantities = itemQuantities(item);
                  const price = prices?.[index];
                  return (
                    <tr key={`${item.sku ?? ''}-${index}`}>
                      <td className="order__item">
                        <span className="order__name">{item.name}</span>
                        <span className="order__meta">
                          {[item.manufacturer, item.sku && t('orders.sku', { sku: item.sku })]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </td>
                      <td data-label={t('orders.quantity')}>
                        <span>
                          {quantities.ordered}
                          {quantities.backordered > 0 && (
                            <span className="order__meta">
                              {t('orders.backordered', { count: quantities.backordered })}
                            </span>
                          )}
                          {quantities.unavailable > 0 && (
                            <span className="order__meta">
                              {t('orders.unavailable', { count: quantities.unavailable })}
                            </span>
                          )}
                        </span>
                      </td>
                      {prices && (
                        <td data-label={t('orders.price')} className="order__price">
                          {price && (
                            <span>
                              <Price amount={price.total} locale={locale} className="order__line-total" />
                              <span className="order__meta" data-testid="line-unit">
                                <QuantityPrice row={price} t={t} locale={locale} />
                              </span>
                            </span>
                          )}
                        </td>
                      )}
                      <td data-label={t('orders.lineStatus')}>{lineStatusLabel(t, item.status_for_customer)}</td>
                      {/* A column only where a line has shipped; a line not shipped yet leaves its cell empty. */}
                      {linesTracked && (
                        <td data-label={t('orders.tracking')}>
                          {item.tracking?.trim() && (
                            <a className="order__tracking" href={trackingHref(item.tracking, prefix)}>
                              {item.tracking.trim()}
                            </a>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {invoice && <InvoiceTotals t={t} locale={locale} invoice={invoice.invoice} />}
          {(trackings.length > 0 || reorder.length > 0 || (invoice && invoicePage)) && (
            <div className="order__actions">
              {invoice && invoicePage && (
                <a
                  className="button button--secondary"
                  href={invoiceHref(number, prefix)}
                  aria-label={t('orders.invoiceFor', { number })}
                >
                  {t('orders.invoice')}
                </a>
              )}
              {trackings.map((tracking) => (
                <a
                  key={tracking}
                  className="button"
                  href={trackingHref(tracking, prefix)}
                  aria-label={t('orders.trackPackageNumber', { number: tracking })}
                >
                  {trackings.length > 1
                    ? t('orders.trackPackageNumber', { number: tracking })
                    : t('orders.trackPackage')}
                </a>
              ))}
              {reorder.map((list) => (
                <a
                  key={list.manufacturerId}
                  className="button button--secondary"
                  href={buyAgainHref(list, prefix)}
                  aria-label={
                    reorder.length > 1
                      ? t('orders.buyAgainFrom', { number, manufacturer: list.manufacturerName })
                      : t('orders.buyAgainNumber', { number })
                  }
                >
                  {reorder.length > 1
                    ? t('orders.buyAgainMaker', { manufacturer: list.manufacturerName })
                    : t('orders.buyAgain')}
                </a>
              ))}
            </div>
          )}
          {children}
        </div>
      </details>
    </article>
  );
}
