import type { ReactNode } from 'react';
import { translateIfKnown, type Translate } from '~/lib/i18n/translate';
import { formatMoney } from '~/lib/i18n/format';
import type { Locale } from '~/lib/i18n/locales';
import { formatOrderDate } from '~/lib/i18n/order-date';
import { shippingServiceName } from '~/lib/shipping-codes';
import {
  displayOrderNumber,
  isOrderStatus,
  itemQuantities,
  normaliseStatus,
  orderTrackingNumbers,
  shipToLine,
  statusColour,
  statusHelpLink,
  toNumber,
  trackingHref,
  type OrderRecord,
} from './orders';

export interface OrderEntryProps {
  order: OrderRecord;
  t: Translate;
  locale: Locale;
  storefrontUrl: string;
  /** The cancel control, when the viewer may cancel. */
  children?: ReactNode;
}

export function statusLabel(t: Translate, status: string | null | undefined): string {
  const key = normaliseStatus(status);
  if (!key) return t('orders.status.unknown');
  return isOrderStatus(key) ? t(`orders.status.${key}`) : (status ?? '');
}

function lineStatusLabel(t: Translate, status: string | null | undefined): string {
  if (!status) return '';
  return translateIfKnown(t, `orders.line.${status.trim().toLowerCase()}`) ?? status;
}

/** One order as the history and the guest lookup show it. */
export function OrderEntry({ order, t, locale, storefrontUrl, children }: OrderEntryProps) {
  const header = order.orderno;
  const number = displayOrderNumber(header.order_no);
  const status = header.status_for_customer ?? order.status;
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const trackings = orderTrackingNumbers(order);
  const headingId = `order-${number}`;
  const shipTo = shipToLine(order.ship_to, locale);
  return (
    <article className="order card" aria-labelledby={headingId}>
      <header className="order__header">
        <h2 id={headingId}>{t('orders.number', { number })}</h2>
        <span className={`badge badge--${statusColour(status)}`}>{statusLabel(t, status)}</span>
        <a href={statusHelpLink(status, storefrontUrl)} target="_blank" rel="noopener noreferrer">
          {t('orders.statusHelp')}
        </a>
      </header>
      <dl className="order__facts">
        <dt>{t('orders.date')}</dt>
        <dd>{formatOrderDate(locale, header.date_ordered)}</dd>
        <dt>{t('orders.total')}</dt>
        <dd>{formatMoney(locale, toNumber(header.order_total))}</dd>
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
      {(order.items ?? []).length > 0 && (
        <div className="table-scroll">
          <table className="order__items">
            <caption className="visually-hidden">{t('orders.items')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.item')}</th>
                <th scope="col">{t('orders.quantity')}</th>
                <th scope="col">{t('orders.lineStatus')}</th>
                <th scope="col">{t('orders.tracking')}</th>
              </tr>
            </thead>
            <tbody>
              {(order.items ?? []).map((item, index) => {
                const quantities = itemQuantities(item);
                return (
                  <tr key={`${item.sku ?? ''}-${index}`}>
                    <td>
                      <span className="order__name">{item.name}</span>
                      <span className="order__meta">
                        {[item.manufacturer, item.sku && t('orders.sku', { sku: item.sku })]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </td>
                    <td>
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
                    </td>
                    <td>{lineStatusLabel(t, item.status_for_customer)}</td>
                    <td>
                      {item.tracking?.trim() && (
                        <a href={trackingHref(item.tracking, prefix)}>{item.tracking.trim()}</a>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {trackings.length > 0 && (
        <p className="order__trackings">
          {t('orders.trackings')}{' '}
          {trackings.map((tracking) => (
            <a key={tracking} href={trackingHref(tracking, prefix)}>
              {tracking}
            </a>
          ))}
        </p>
      )}
      {children}
    </article>
  );
}
