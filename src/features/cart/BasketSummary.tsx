import Price from '~/components/ui/Price';
import { localizedPath } from '~/lib/i18n/locales';
import type { BasketItem } from '~/lib/store-api/basket';
import CartTotals, { type CartTotalsProps } from './CartTotals';

export type SummaryItem = Pick<BasketItem, 'sku' | 'name' | 'quantity' | 'extprice'> & { product_id: number | string };

/**
 * The basket summary shown beside checkout steps: heading, edit link, item rows and the totals
 * table, with its loading, error (with Try again) and empty states. The page that shows it owns
 * the basket and passes it in, so the summary always matches what that page decides on.
 * - `t` needs the `cart` and `common` messages.
 * - `showCheckout` adds the Checkout button; the edit link then goes to / instead of /?edit=true.
 * - `shippingIsEstimate` is false once the shopper has chosen a shipping option.
 * - Every prop but status, onRetry and showCheckout is the totals table's, handed on as given.
 */
export interface BasketSummaryProps extends CartTotalsProps {
  status: 'loading' | 'error' | 'ok';
  items: readonly SummaryItem[];
  onRetry: () => void;
  showCheckout?: boolean;
}

export default function BasketSummary({ status, onRetry, showCheckout = false, ...totals }: BasketSummaryProps) {
  const { locale, t, items } = totals;
  const editHref = showCheckout ? localizedPath('/', locale) : `${localizedPath('/', locale)}?edit=true`;
  return (
    <section className="card basket-summary" aria-labelledby="basket-summary-heading" aria-busy={status === 'loading'}>
      <h2 id="basket-summary-heading">{t('cart.summary')}</h2>
      <a href={editHref} aria-label={`${t('cart.edit')}: ${t('cart.summary')}`}>
        {t('cart.edit')}
      </a>
      {status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {status === 'error' && (
        <div role="alert">
          <p>{t('cart.cantGetBasket')}</p>
          <p>{t('common.errorWithServer')}</p>
          <button type="button" className="button" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {status === 'ok' && items.length === 0 && <p>{t('cart.empty')}</p>}
      {status === 'ok' && items.length > 0 && (
        <>
          <table className="basket-summary__rows">
            <caption className="visually-hidden">{t('cart.summary')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cart.item')}</th>
                <th scope="col">{t('cart.quantity')}</th>
                <th scope="col">{t('cart.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={String(item.product_id)}>
                  <td>
                    {item.name} <span className="badge">{item.sku}</span>
                  </td>
                  <td>{item.quantity}</td>
                  <td>
                    <Price amount={item.extprice} locale={locale} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <CartTotals {...totals} />
          {showCheckout && (
            <a className="button" href={localizedPath('/review-order/', locale)}>
              {t('cart.checkout')}
            </a>
          )}
        </>
      )}
    </section>
  );
}
