import Price from '~/components/ui/Price';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import type { Basket } from '~/lib/store-api/basket';
import { itemCount } from '~/lib/basket-totals';
import { lineRow } from '~/lib/line-price';
import type { Cents } from '~/lib/money';
import { exceedsInventory } from '~/features/cart/public';
import '~/components/ui/product-image.css';
import '~/styles/skeleton.css';
import './order-summary.css';
import { RetryControl } from './RetryControl';
import QuantityPrice from '~/components/ui/QuantityPrice';

interface Props {
  t: Translate;
  locale: Locale;
  basket: Basket | null;
  failed: boolean;
  /** Shipping, tax and the total are being priced: they show as skeletons, never as $0.00. */
  pricing: boolean;
  /** The country or state changed: tax and shipping are unavailable until shipping is priced again. */
  unavailable: boolean;
  /** The total to show; null while it is not final. */
  total: Cents | null;
  /**
   * Before the address is known (the details step): shipping and tax are priced on the next step,
   * so they say so and no total is shown.
   */
  pricedLater?: boolean;
  /** The store's picture for a part without one, or whose picture does not load. */
  fallbackImage: string;
  /** Each manufacturer's brand badge, which stands in for its parts' pictures as in the cart. */
  brandBadges: Readonly<Record<number, string>>;
  /** Lines of a banned manufacturer in a mixed basket: marked, as the cart marks them. */
  bannedIds?: readonly (string | number)[];
  /** The store warns when a line asks for more than the warehouse holds (marine). */
  showsInventoryWarning?: boolean;
  onRetry: () => void;
  /** Before the island wakes: Try again is a link to this page address. */
  retryHref?: string | undefined;
}

/**
 * Review order's summary beside the steps: thumbnails, quantity (× unit price where it multiplies out) and line total, then
 * subtotal, shipping, tax and total (spec checkout §9). While shipping is priced, its amounts are
 * skeletons; after a change of country or state they read "unavailable" and the total leaves them out.
 */
export function OrderSummary({
  t,
  locale,
  basket,
  failed,
  pricing,
  unavailable,
  total,
  pricedLater = false,
  fallbackImage,
  brandBadges,
  bannedIds = [],
  showsInventoryWarning = false,
  onRetry,
  retryHref,
}: Props) {
  const lines = basket?.BASKET ?? [];
  const badgeOf = (mfgAccountId: number) => brandBadges[mfgAccountId] ?? fallbackImage;
  const showBadge = (image: HTMLImageElement, mfgAccountId: number) => {
    const badge = badgeOf(mfgAccountId);
    if (!image.src.endsWith(badge)) image.src = badge;
  };
  const subtotal = basket?.ORDER.subtotal ?? 0;
  const money = (amount: Cents | undefined) =>
    pricedLater ? (
      t('review.calculatedNext')
    ) : unavailable ? (
      t('cart.unavailable')
    ) : pricing || amount === undefined ? (
      <span className="skeleton">$00.00</span>
    ) : (
      <Price amount={amount} locale={locale} />
    );
  return (
    <section className="card review__summary" aria-labelledby="basket-summary-heading" aria-busy={!basket}>
      <h2 id="basket-summary-heading">{t('cart.summary')}</h2>
      <a href={`${localizedPath('/', locale)}?edit=true`} aria-label={`${t('cart.edit')}: ${t('cart.summary')}`}>
        {t('cart.edit')}
      </a>
      {failed ? (
        <div role="alert">
          <p>{t('cart.cantGetBasket')}</p>
          <p>{t('common.errorWithServer')}</p>
          <RetryControl pageHref={retryHref} onRetry={onRetry} className="button button--secondary">
            {t('common.tryAgain')}
          </RetryControl>
        </div>
      ) : !basket ? (
        <p role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
          <span className="skeleton review__skeleton-lines" />
        </p>
      ) : (
        <>
          <table className="review__lines">
            <caption className="visually-hidden">{t('cart.summary')}</caption>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">{t('cart.item')}</th>
                <th scope="col">{t('cart.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const row = lineRow(line.quantity, line.pricediscounted, line.extprice);
                return (
                  <tr
                    key={line.product_id}
                    className={bannedIds.includes(line.product_id) ? 'review__line--banned' : undefined}
                  >
                    <td>
                      <div className="review__item">
                        {/* ProductImage's rule, by hand: the summary keeps review order within its script budget. */}
                        <img
                          src={line.sm_image || badgeOf(line.mfg_account_id)}
                          data-fallback={badgeOf(line.mfg_account_id)}
                          alt=""
                          width="48"
                          height="48"
                          loading="lazy"
                          // A picture the server drew may have failed before the island woke, to nobody.
                          ref={(image) => {
                            if (image?.complete && image.naturalWidth === 0) showBadge(image, line.mfg_account_id);
                          }}
                          onError={(event) => showBadge(event.currentTarget, line.mfg_account_id)}
                        />
                        <span>
                          {line.name} <span className="review__sku">{line.sku}</span>
                          <span className="review__quantity" data-testid="line-quantity">
                            <QuantityPrice row={row} t={t} locale={locale} />
                          </span>
                          {bannedIds.includes(line.product_id) && (
                            <span className="review__line-problem">{t('cart.bannedItem')}</span>
                          )}
                          {exceedsInventory(line, showsInventoryWarning) && (
                            <span className="review__line-problem review__line-problem--warning">
                              {t('cart.available', { count: Math.max(0, line.inventory) })}
                            </span>
                          )}
                        </span>
                      </div>
                    </td>
                    <td data-testid="line-total">
                      <Price amount={row.total} locale={locale} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {unavailable && (
            <p className="notice notice--warning" role="status" data-testid="tax-shipping-unavailable">
              {t('cart.taxShippingUnavailable')}
            </p>
          )}
          <dl className="review__totals">
            <dt>{t('cart.itemCount')}</dt>
            <dd data-testid="item-count">{itemCount(lines)}</dd>
            <dt>{t('cart.subtotal')}</dt>
            <dd data-testid="subtotal">
              <Price amount={subtotal} locale={locale} />
            </dd>
            <dt>{t('cart.shipping')}</dt>
            <dd data-testid="shipping">{money(basket.ORDER.shipping)}</dd>
            <dt>{t('cart.tax')}</dt>
            <dd data-testid="tax">{money(basket.ORDER.tax)}</dd>
            {!pricedLater && (
              <>
                <dt className="review__total">{unavailable ? t('cart.totalBeforeShipping') : t('cart.total')}</dt>
                <dd className="review__total" data-testid="total">
                  {unavailable ? <Price amount={subtotal} locale={locale} /> : money(total ?? undefined)}
                </dd>
              </>
            )}
          </dl>
        </>
      )}
    </section>
  );
}
