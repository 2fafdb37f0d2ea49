import Price from '~/components/ui/Price';
import type { Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import { totalOf } from '~/lib/money';
import { itemCount, shippingNotPriced } from '~/lib/basket-totals';
import type { BasketItem, BasketOrder } from '~/lib/store-api/basket';
import type { ShippingEstimate } from './shipping-estimate';

export interface CartTotalsProps {
  items: readonly Pick<BasketItem, 'quantity'>[];
  order: Pick<BasketOrder, 'subtotal' | 'shipping' | 'tax'> | undefined;
  locale: Locale;
  t: Translate;
  /** The cart shows shipping as an estimate; after a shipping option is chosen it is not one. */
  shippingIsEstimate?: boolean;
  /** The country or state changed and shipping is not priced for it yet (spec checkout §4). */
  taxShippingUnavailable?: boolean;
  /** What shipping is likely to cost while the store has not priced it yet (the cart's estimate). */
  estimate?: ShippingEstimate | null;
}

/**
 * The totals table: item count, shipping (an estimate), tax, subtotal and total. Before the store
 * has priced shipping, shipping shows the given estimate (or "calculated at checkout"), tax reads
 * "calculated at checkout" and the total says it is before them, so $0.00 never reads as final. After a move to another country or state, the old
 * amounts no longer apply: they read "unavailable" and the total leaves them out.
 */
export default function CartTotals({
  items,
  order,
  locale,
  t,
  shippingIsEstimate = true,
  taxShippingUnavailable = false,
  estimate = null,
}: CartTotalsProps) {
  const subtotal = order?.subtotal ?? 0;
  const shipping = taxShippingUnavailable ? 0 : (order?.shipping ?? 0);
  const tax = taxShippingUnavailable ? 0 : (order?.tax ?? 0);
  const later = shippingIsEstimate && shippingNotPriced(order);
  const estimated = later && !taxShippingUnavailable ? estimate : null;
  const estimateText = (shown: ShippingEstimate) =>
    shown.kind === 'free' ? (
      t('cart.shippingFreeEstimate')
    ) : (
      <>
        {t('cart.shippingFrom')} <Price amount={shown.amount} locale={locale} />
      </>
    );
  const amountOrLater = (amount: number) =>
    taxShippingUnavailable ? (
      t('cart.unavailable')
    ) : later ? (
      t('cart.atCheckout')
    ) : (
      <Price amount={amount} locale={locale} />
    );
  return (
    <>
      {taxShippingUnavailable && (
        <p className="notice notice--warning" role="status" data-testid="tax-shipping-unavailable">
          {t('cart.taxShippingUnavailable')}
        </p>
      )}
      <table className="cart-totals">
        <caption className="visually-hidden">{t('cart.totals')}</caption>
        <tbody>
          <tr>
            <th scope="row">{t('cart.itemCount')}</th>
            <td data-testid="item-count">{itemCount(items)}</td>
          </tr>
          <tr>
            <th scope="row">{t('cart.subtotal')}</th>
            <td data-testid="subtotal">
              <Price amount={subtotal} locale={locale} />
            </td>
          </tr>
          <tr>
            <th scope="row">
              {t('cart.shipping')}{' '}
              {shippingIsEstimate && (!later || estimated) && !taxShippingUnavailable && (
                <small>({t('cart.estimate')})</small>
              )}
            </th>
            <td data-testid="shipping">{estimated ? estimateText(estimated) : amountOrLater(shipping)}</td>
          </tr>
          <tr>
            <th scope="row">{t('cart.tax')}</th>
            <td data-testid="tax">{amountOrLater(tax)}</td>
          </tr>
          <tr className="cart-totals__total">
            <th scope="row">{later || taxShippingUnavailable ? t('cart.totalBeforeShipping') : t('cart.total')}</th>
            <td data-testid="total">
              <Price amount={totalOf(subtotal, shipping, tax)} locale={locale} />
            </td>
          </tr>
        </tbody>
      </table>
    </>
  );
}
