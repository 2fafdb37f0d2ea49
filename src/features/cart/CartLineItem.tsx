import Price from '~/components/ui/Price';
import StockStatus from '~/components/ui/StockStatus';
import type { Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import ProductImage from '~/components/ui/ProductImage';
import { fallbackImage, type StoreId } from '~/stores';
import { delayNoticeFor, exceedsInventory, MAX_QUANTITY } from './cart';
import { shipClassOf } from '~/lib/ship-class';
import type { ManufacturerDelay } from '~/lib/store-api/basket';
import type { CartLine } from './cart';

interface CartLineItemProps {
  line: CartLine;
  locale: Locale;
  t: Translate;
  storeId: StoreId;
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
  const describedBy = [line.problem ? problemId : '', tooMany ? warningId : ''].filter(Boolean).join(' ');
  const interactive = Boolean(props.onQuantity);
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
        size={96}
      />
      <div className="cart-line__body">
        <span className="badge">{t('cart.sku', { sku: item.sku })}</span>
        <h3 className="cart-line__name">{item.name}</h3>
        <p className="cart-line__description">{item.description}</p>
        {delay ? (
          <p className="notice notice--warning">
            {t('cart.mfgDelay')} <a href={delay.url}>{t('cart.mfgDelayLink')}</a>
          </p>
        ) : (
          <StockStatus status={item.ship_class} label={t(`cart.stock.${shipClassOf(item.ship_class)}`)} />
        )}
        {props.banned && <p className="field__error">{t('cart.bannedItem')}</p>}
      </div>
      <div className="cart-line__numbers">
        <p>
          <span className="visually-hidden">{t('cart.unitPrice')} </span>
          <Price amount={item.pricediscounted} locale={locale} />
        </p>
        {(item.saved_amount ?? 0) > 0 && (
          <p className="cart-line__saved">
            {t('cart.saved', { amount: '' })}
            <Price amount={item.saved_amount ?? 0} locale={locale} /> ({Math.round(item.percentagesaved ?? 0)}%)
          </p>
        )}
        <div className="field cart-line__quantity">
          <label htmlFor={inputId}>{t('cart.quantity')}</label>
          <input
            id={inputId}
            type="number"
            min={1}
            inputMode="numeric"
            value={line.draft}
            disabled={!interactive || line.deleted}
            max={MAX_QUANTITY}
            aria-invalid={line.problem ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(event) => props.onQuantity?.(event.currentTarget.value)}
            onBlur={props.onQuantityDone}
          />
          {line.problem && (
            <p id={problemId} className="field__error" role="alert">
              {t(`cart.quantityProblem.${line.problem}`, { max: MAX_QUANTITY })}
            </p>
          )}
          {tooMany && (
            <p id={warningId} className="field__error" role="alert">
              {t('cart.quantityExceeds')}
            </p>
          )}
        </div>
        <p className="cart-line__total">
          <span className="visually-hidden">{t('cart.lineTotal')} </span>
          <Price amount={item.extprice} locale={locale} />
        </p>
        {interactive && !line.deleted && (
          <button
            type="button"
            className="button button--secondary"
            onClick={props.onRemove}
            disabled={props.removeBlocked}
            aria-label={t('cart.removeItem', { name: item.name })}
          >
            {t('cart.remove')}
          </button>
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
