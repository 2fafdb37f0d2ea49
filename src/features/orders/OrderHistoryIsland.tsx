import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { displayOrderNumber } from './order-number';
import { HISTORY_RANGES, isHistoryRange } from './history-range';
import type { OrderShop } from './order-shop';
import type { PostedCancel } from './cancellation';
import { $orderHistory, loadOrderHistory, seedOrderHistory, type HistoryState } from './orders.store';
import { OrderEntry } from './OrderEntry';
import { CancelControl } from './CancelControl';
import { MigrationNotice } from './MigrationNotice';

interface Props {
  messages: Messages;
  locale: Locale;
  shop: OrderShop;
  newShopUrl: string;
  /** The history as the server drew it. */
  initial: HistoryState;
  /** This page and the cancel action: each order's form posts there without JavaScript. */
  cancelAction: string;
  /** A cancellation the page's plain post just asked for, shown on its order. */
  posted?: PostedCancel | undefined;
}

export default function OrderHistoryIsland(props: Props) {
  const { messages, locale, shop, newShopUrl, initial, posted } = props;
  const t = useMemo(() => createTranslate(messages), [messages]);
  const stored = useStore($orderHistory);
  // The server's list paints first; the store takes over from it once the island runs.
  const history = stored.state === 'idle' ? initial : stored;

  useEffect(() => seedOrderHistory(initial), [initial]);
  // The island wakes when the browser is idle: a range chosen before then is loaded as it wakes,
  // so the list follows the choice on screen and Show asks for that range, not the server's.
  const rangeForm = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(rangeForm, (name, value) => {
    if (name === 'range' && typeof value === 'string' && isHistoryRange(value) && value !== initial.range)
      void loadOrderHistory(value, shop.storeId);
  });

  const rangeText = t(`orders.range.in.${history.range}`);
  return (
    <section className="orders stack" aria-busy={history.state === 'loading'}>
      <h1>{t('orders.historyTitle')}</h1>
      {/* Where older orders went matters only to someone who has orders; a range being loaded keeps its list. */}
      {history.orders.length > 0 && (
        <MigrationNotice t={t} storefrontUrl={shop.storefrontUrl} newShopUrl={newShopUrl} />
      )}
      {/* A plain GET without JavaScript (the page reads ?range=); with it, a change loads in place. */}
      <form
        ref={rangeForm}
        method="get"
        className="orders__range"
        onSubmit={(event) => {
          event.preventDefault();
          void loadOrderHistory(history.range, shop.storeId);
        }}
      >
        <label className="field">
          <span>{t('orders.range.label')}</span>
          <select
            name="range"
            value={history.range}
            onChange={(event) => {
              if (isHistoryRange(event.target.value)) void loadOrderHistory(event.target.value, shop.storeId);
            }}
          >
            {HISTORY_RANGES.map((range) => (
              <option key={range} value={range}>
                {t(`orders.range.${range}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--secondary orders__range-show">
          {t('orders.range.show')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {history.state === 'loading' && <p>{t('common.loading')}</p>}
        {history.state === 'success' && (
          <p className="orders__count">{t('orders.placedIn', { count: history.orders.length, range: rangeText })}</p>
        )}
      </div>
      {history.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{history.error ?? t('orders.loadFailed')}</p>
          <p>{t('common.errorWithServer')}</p>
          <button type="button" className="button" onClick={() => void loadOrderHistory(history.range, shop.storeId)}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {history.state === 'success' && history.orders.length === 0 && (
        <div className="orders__empty">
          <p>{t('orders.empty')}</p>
          {/* An order placed as a guest is not in the account's history: the lookup finds it. */}
          <p className="orders__empty-ways">
            <a className="button" href={shop.storefrontUrl}>
              {t('orders.empty.shop')}
            </a>
            <a className="button button--secondary" href={localizedPath('/order-info/', locale)}>
              {t('orders.empty.findGuestOrder')}
            </a>
          </p>
        </div>
      )}
      {history.state === 'success' && (
        <ol className="orders__list">
          {history.orders.map((order) => {
            // The order a plain post just changed opens onto its outcome.
            const postedHere = posted?.order === displayOrderNumber(order.orderno.order_no) ? posted : undefined;
            return (
              <li key={String(order.orderno.order_no)}>
                <OrderEntry
                  order={order}
                  t={t}
                  locale={locale}
                  shop={shop}
                  open={Boolean(postedHere)}
                  invoice={order.invoice}
                >
                  <CancelControl order={order} t={t} action={props.cancelAction} posted={postedHere} />
                </OrderEntry>
              </li>
            );
          })}
        </ol>
      )}
      {history.state === 'success' && history.orders.length > 0 && (
        <p className="order__meta">{t('common.timeZone.note')}</p>
      )}
      {/* Shown with the list, not above-then-below it, so the loaded list moves nothing. */}
      {(history.state === 'success' || history.state === 'error') && (
        <p className="order__meta">{t('orders.sixtyDays')}</p>
      )}
    </section>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
OrderHistoryIsland.messageDomains = ['orders', 'common', 'payment', 'review.shipping.level'] satisfies MessagePrefix[];
