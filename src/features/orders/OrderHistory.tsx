import { formTextAttributes } from '~/components/ui/form-texts';
import type { Translate } from '~/lib/i18n/translate';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { HISTORY_RANGES } from './history-range';
import { postedFor, rangePath, type HistoryState } from './history-page';
import type { OrderShop } from './order-shop';
import type { PostedCancel } from './cancellation';
import { OrderEntry } from './OrderEntry';
import { CancelForm } from './CancelForm';
import { MigrationNotice } from './MigrationNotice';

interface Props {
  t: Translate;
  locale: Locale;
  shop: OrderShop;
  newShopUrl: string;
  /** The history of the asked range, as the store API answered it. */
  history: HistoryState;
  /** This page with its range and the cancel action: each order's form posts there. */
  cancelAction: string;
  /** A cancellation the page's post just asked for, shown on its order. */
  posted?: PostedCancel | undefined;
}

/**
 * The order history, drawn on the server only: the range is a GET form, each order a fold, each
 * cancellation a post. The page's script only submits the range as it changes and checks a
 * cancellation before it posts (enhance-order-forms.ts).
 */
export function OrderHistory({ t, locale, shop, newShopUrl, history, cancelAction, posted }: Props) {
  const rangeText = t(`orders.range.in.${history.range}`);
  return (
    <section className="orders stack">
      <h1>{t('orders.historyTitle')}</h1>
      {/* Where older orders went matters only to someone who has orders. */}
      {history.orders.length > 0 && (
        <MigrationNotice t={t} storefrontUrl={shop.storefrontUrl} newShopUrl={newShopUrl} />
      )}
      <form
        method="get"
        action={localizedPath('/order-history/', locale)}
        className="orders__range"
        data-session-form="range"
        {...formTextAttributes({ busy: t('common.loading') })}
      >
        <label className="field">
          <span>{t('orders.range.label')}</span>
          <select name="range" defaultValue={history.range}>
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
        {history.state === 'success' && (
          <p className="orders__count">{t('orders.placedIn', { count: history.orders.length, range: rangeText })}</p>
        )}
      </div>
      {history.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{history.error ?? t('orders.loadFailed')}</p>
          <p>{t('common.errorWithServer')}</p>
          <a className="button" href={rangePath(history.range, locale)}>
            {t('common.tryAgain')}
          </a>
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
      {history.state === 'success' && history.orders.length > 0 && (
        <ol className="orders__list">
          {history.orders.map((order) => {
            // The order a post just changed opens onto its outcome.
            const postedHere = postedFor(order, posted);
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
                  <CancelForm order={order} t={t} action={cancelAction} posted={postedHere} />
                </OrderEntry>
              </li>
            );
          })}
        </ol>
      )}
      {history.state === 'success' && history.orders.length > 0 && (
        <p className="order__meta">{t('common.timeZone.note')}</p>
      )}
      <p className="order__meta">{t('orders.sixtyDays')}</p>
    </section>
  );
}
