import Price from '~/components/ui/Price';
import StockStatus from '~/components/ui/StockStatus';
import type { Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import ProductImage from '~/components/ui/ProductImage';
import { fallbackImage, type StoreId } from '~/stores';
import { delayNoticeFor, exceedsInventory, lineProblem, MAX_QUANTITY, sendableQuantity } from './cart';
import { shipClassOf } from '~/lib/ship-class';
import { lineRow } from '~/lib/line-price';
import type { ManufacturerDelay } from '~/lib/store-api/basket';
import type { CartLine } from './cart';
import QuantityPrice from '~/components/ui/QuantityPrice';

interface CartLineItemProps {
  line: CartLine;
  locale: Locale;
  t: Translate;
  storeId: StoreId;
  /** The manufacturer's name, shown beside the SKU; empty when the store does not know it. */
  brand: string;
  showsInventoryWarning: boolean;
  delays: readonly ManufacturerDelay[];
  banned: boolean;
  /** Without handlers the line renders read-only (server HTML before hydration). */
  onQuantity?: (text: string) => void;
  onQuantityDone?: () => void;
  onRemove?: () => void;
  onRestore?: () => void;
  removeBlocked?: boolean;
}

export default function CartLineItem(props: CartLineItemProps) {
  const { line, locale, t, storeId } = props;
  const { item } = line;
  const delay = delayNoticeFor(item, props.delays);
  const inputId = `qty-${item.product_id}`;
  const warningId = `qty-warning-${item.product_id}`;
  const problemId = `qty-problem-${item.product_id}`;
  const tooMany = exceedsInventory(item, props.showsInventoryWarning);
  const problem = lineProblem(line);
  const describedBy = [problem ? problemId : '', tooMany ? warningId : ''].filter(Boolean).join(' ');
  const interactive = Boolean(props.onQuantity);
  const editable = interactive && !line.deleted;
  const price = lineRow(item.quantity, item.pricediscounted, item.extprice);
  const reduced = item.base_price > item.pricediscounted && (item.saved_amount ?? 0) > 0;
  const current = sendableQuantity(line.draft) ?? item.quantity;
  const step = (by: number) => props.onQuantity?.(String(Math.min(MAX_QUANTITY, Math.max(1, current + by))));
  // The saving is the whole line's (the store's saved_amount), and the message says so.
  const [savedBefore, savedAfter = ''] = t('cart.savedLine', { percent: Math.round(item.percentagesaved ?? 0) }).split(
    '{amount}',
  );
  // The description is shown only when it is not the name again.
  const description = item.description && !item.description.includes(item.name) ? item.description : '';
  return (
    <li
      className={`cart-line highlightable${line.highlighted ? ' highlighted' : ''}${line.deleted ? ' cart-line--deleted' : ''}${props.banned ? ' cart-line--banned' : ''}`}
      aria-busy={line.pending}
      data-highlighted={line.highlighted ? 'true' : undefined}
    >
      <ProductImage
        className="cart-line__image"
        src={item.sm_image}
        fallback={fallbackImage(item.mfg_account_id, storeId)}
        size={112}
      />
      <div className="cart-line__body">
        <h3 className="cart-line__name">{item.product_url ? <a href={item.product_url}>{item.name}</a> : item.name}</h3>
        <p className="cart-line__meta">
          {props.brand && <span>{props.brand}</span>}
          <span className="cart-line__sku">{t('cart.sku', { sku: item.sku })}</span>
        </p>
        {description && <p className="cart-line__description">{description}</p>}
        {delay ? (
          <p className="notice notice--warning">
            {t('cart.mfgDelay')} <a href={delay.url}>{t('cart.mfgDelayLink')}</a>
          </p>
        ) : (
          <StockStatus status={item.ship_class} label={t(`cart.stock.${shipClassOf(item.ship_class)}`)} />
        )}
        {tooMany && (
          <p className="cart-line__available">{t('cart.available', { count: Math.max(0, item.inventory) })}</p>
        )}
        {props.banned && <p className="field__error">{t('cart.bannedItem')}</p>}
        <div className="cart-line__controls">
          <div className="cart-line__quantity">
            <label htmlFor={inputId}>{t('cart.quantity')}</label>
            <div className="stepper">
              <button
                type="button"
                className="stepper__button"
                disabled={!editable || current <= 1}
                onClick={() => step(-1)}
                aria-label={t('cart.decrease', { name: item.name })}
              >
                <span aria-hidden="true">−</span>
              </button>
              <input
                id={inputId}
                className="stepper__input"
                type="number"
                min={1}
                inputMode="numeric"
                value={line.draft}
                disabled={!editable}
                max={MAX_QUANTITY}
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy || undefined}
                onChange={(event) => props.onQuantity?.(event.currentTarget.value)}
                onBlur={props.onQuantityDone}
              />
              <button
                type="button"
                className="stepper__button"
                disabled={!editable || current >= MAX_QUANTITY}
                onClick={() => step(1)}
                aria-label={t('cart.increase', { name: item.name })}
              >
                <span aria-hidden="true">+</span>
              </button>
            </div>
          </div>
          {/* Rendered (disabled) before the island wakes too, so its arrival moves nothing. */}
          {!line.deleted && (
            <button
              type="button"
              className="button button--quiet cart-line__remove"
              onClick={props.onRemove}
              disabled={!editable || props.removeBlocked}
              aria-label={t('cart.removeItem', { name: item.name })}
            >
              {t('cart.remove')}
            </button>
          )}
        </div>
        {problem && (
          <p id={problemId} className="field__error" role="alert">
            {t(`cart.quantityProblem.${problem}`, { max: MAX_QUANTITY })}
          </p>
        )}
        {/*
          A warning, not an error: the store takes an order above stock. One press orders what is in
          stock instead, so the shopper decides rather than finding out after paying.
        */}
        {tooMany && (
          <p className="cart-line__stock-warning" role="status">
            <span id={warningId}>{t('cart.quantityExceeds')}</span>
            {editable && item.inventory > 0 && (
              <>
                {' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => props.onQuantity?.(String(item.inventory))}
                >
                  {t('cart.changeToAvailable', { count: item.inventory })}
                </button>
              </>
            )}
          </p>
        )}
      </div>
      <div className="cart-line__price price-block">
        <p className="cart-line__total price-block__now">
          <span className="visually-hidden">{t('cart.lineTotal')} </span>
          <Price amount={price.total} locale={locale} />
        </p>
        <p className="cart-line__unit">
          {price.unit !== null && <span className="visually-hidden">{t('cart.unitPrice')} </span>}
          <QuantityPrice row={price} t={t} locale={locale} />
        </p>
        {reduced && (
          <>
            <p className="price-block__was">
              <span className="visually-hidden">{t('cart.listPrice')} </span>
              {/* The line's list price, as the total above it and the saving below are the line's. */}
              <Price amount={price.total + (item.saved_amount ?? 0)} locale={locale} />
            </p>
            <p className="price-block__saving">
              {savedBefore}
              <Price amount={item.saved_amount ?? 0} locale={locale} />
              {savedAfter}
            </p>
          </>
        )}
      </div>
      {line.deleted && (
        <div className="cart-line__overlay">
          <p>{t('cart.removed', { name: item.name })}</p>
          <button type="button" className="button" onClick={props.onRestore} disabled={line.pending}>
            {t('cart.restore')}
          </button>
        </div>
      )}
    </li>
  );
}
