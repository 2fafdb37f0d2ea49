import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';
import ProductImage from '~/components/ui/ProductImage';
import { useStore } from '@nanostores/react';
import { createTranslate, type Messages, type MessagePrefix, type Translate } from '~/lib/i18n/translate';
import type { Locale } from '~/lib/i18n/locales';
import Price from '~/components/ui/Price';
import { formatMoney } from '~/lib/money';
import { fallbackImage, type StoreVariant } from '~/stores';
import StockStatus from '~/components/ui/StockStatus';
import { shipClassOf } from '~/lib/ship-class';
import { $cart, BasketSummary, initCart, reloadBasket, shippingEstimate } from '~/features/cart/public';
import type { Basket } from '~/lib/store-api/basket';
import { apiFlag } from '~/lib/store-api/flags';
import {
  canAddAny,
  cardPrice,
  exampleText,
  lookupCounts,
  promisesShipping,
  SECOND_BUTTONS_ABOVE,
  skipReason,
  type BulkPrefill,
} from './bulk-add';
import {
  $bulk,
  addAll,
  addResults,
  clearAll,
  clearProducts,
  configureBulk,
  dismissResult,
  findProducts,
  retryFailed,
  retryLookup,
  setResultQuantity,
  type BulkResult,
} from './bulk-add.store';
import '~/styles/price-block.css';
import './bulk-add.css';

export interface BulkAddProps {
  messages: Messages;
  locale: Locale;
  store: StoreVariant;
  /** The basket the server loaded for the sidebar. */
  basket: Basket | null;
  basketNum: string | undefined;
  /** The server could not read the basket: the sidebar shows the error with Try again. */
  basketLoad: 'ok' | 'error';
  /** Parts a link asked for (Buy again): filled in and looked up at once. */
  prefill?: BulkPrefill | null;
}

/** Bulk add's texts name possible delays as backordered. */
const stockKey = (shipClass: string) => {
  const known = shipClassOf(shipClass);
  return known === 'possible_delays' ? 'backordered' : known;
};

interface BulkCardProps {
  result: BulkResult;
  index: number;
  locale: Locale;
  store: StoreVariant;
  t: Translate;
  adding: boolean;
  searching: boolean;
  /** The manufacturer the search looked in, by name, and the store's others to look in instead. */
  searchedIn: string | undefined;
  others: readonly { id: number; name: string }[];
  onSearchIn: (manufacturerId: number) => void;
}

/**
 * One result card. Memoized: lines of a lookup arrive a few at a time and each changes only its own
 * cards, so a list of 200 re-renders the cards that changed, not all of them per line.
 */
const BulkCard = memo(function BulkCard({
  result,
  index,
  locale,
  store,
  t,
  adding,
  searching,
  searchedIn,
  others,
  onSearchIn,
}: BulkCardProps) {
  const count = Math.max(0, Math.trunc(result.quantity));
  // What cannot be added as it stands is said on the card from the start, and its Add is not offered.
  const reason =
    result.product && result.status !== 'added'
      ? skipReason({ ...result.product, customer_can_buy: apiFlag(result.product.customer_can_buy) }, count)
      : null;
  return (
    <li
      className={`bulk-card bulk-card--${result.status} highlightable${result.highlighted ? ' highlighted' : ''}`}
      data-highlighted={result.highlighted ? 'true' : undefined}
    >
      {result.product ? (
        <>
          <ProductImage
            className="bulk-card__image"
            src={result.product.sm_image}
            fallback={fallbackImage(result.product.mfg_account_id, store.id)}
            size={72}
          />
          <div className="bulk-card__body">
            <h3 className="bulk-card__name">{result.product.name}</h3>
            <p className="bulk-card__meta">{t('bulk.sku', { sku: result.product.sku })}</p>
            {promisesShipping(reason) && (
              <StockStatus
                status={result.product.ship_class}
                label={t(`bulk.stock.${stockKey(result.product.ship_class)}`)}
              />
            )}
          </div>
          {(() => {
            const { base_price: base } = result.product;
            const { unit, total, listTotal } = cardPrice(result.product, count);
            return (
              <div className="bulk-card__buy">
                <div className="bulk-card__quantity">
                  <label htmlFor={`bulk-qty-${index}`}>{t('bulk.quantityOf', { sku: result.product.sku })}</label>
                  <input
                    id={`bulk-qty-${index}`}
                    type="number"
                    min={0}
                    inputMode="numeric"
                    value={result.quantity}
                    disabled={result.status === 'added'}
                    aria-invalid={reason === 'zeroQuantity' ? true : undefined}
                    aria-describedby={reason ? `bulk-skip-${index}` : undefined}
                    onChange={(event) => setResultQuantity(index, Number(event.currentTarget.value) || 0)}
                  />
                </div>
                {/* A unit price with fractions of a cent has no whole-cent unit to multiply: the line alone is shown. */}
                <div className="bulk-card__price price-block">
                  {/* No $0.00 stands in for a price: a part without one, or a line of none, shows none. */}
                  {unit !== null && unit > 0 && (
                    <p className="bulk-card__unit">
                      <span className="visually-hidden">{t('cart.unitPrice')} </span>
                      {count} × <Price amount={unit} locale={locale} />
                    </p>
                  )}
                  {base > 0 && (unit === null || base > unit) && (
                    <p className={unit === null ? 'bulk-card__list' : 'price-block__was'}>
                      <span className="visually-hidden">{t('cart.listPrice')} </span>
                      <Price amount={base} locale={locale} />
                    </p>
                  )}
                  {total > 0 && (
                    <p className="bulk-card__total price-block__now">
                      <span className="visually-hidden">{t('cart.lineTotal')} </span>
                      <Price amount={total} locale={locale} />
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="button button--secondary bulk-card__add"
                  disabled={result.status === 'added' || adding || reason !== null}
                  onClick={() => void addResults([index])}
                >
                  {reason ? (
                    t('bulk.add', { sku: result.product.sku })
                  ) : (
                    <>
                      {t('bulk.addFor', { sku: result.product.sku, price: formatMoney(locale, total) })}
                      {listTotal > total && (
                        <s className="bulk-card__add-was">
                          <span className="visually-hidden">{t('cart.listPrice')} </span>
                          {formatMoney(locale, listTotal)}
                        </s>
                      )}
                    </>
                  )}
                </button>
              </div>
            );
          })()}
          {result.status === 'added' && (
            <p className="bulk-card__note bulk-card__note--ok" role="status">
              {t('bulk.added')}
            </p>
          )}
          {result.status === 'addError' && (
            <p className="bulk-card__note field__error">{t('bulk.addError', { message: result.message ?? '' })}</p>
          )}
          {reason && (
            <p id={`bulk-skip-${index}`} className="bulk-card__note field__error">
              {t(`bulk.skip.${reason}`)}
            </p>
          )}
        </>
      ) : result.status === 'searching' ? (
        <p className="bulk-card__message">{t('bulk.searching', { sku: result.sku })}</p>
      ) : result.status === 'lookupError' ? (
        <div className="bulk-card__message" role="alert">
          <p>{t('bulk.lookupError', { sku: result.sku })}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void retryLookup(index)}
            aria-label={t('bulk.retryLookup', { sku: result.sku })}
          >
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <div className="bulk-card__message">
          <p>
            {searchedIn
              ? t('bulk.notFoundIn', { sku: result.sku, manufacturer: searchedIn })
              : t('bulk.notFound', { sku: result.sku })}
          </p>
          {/* A part number of another make is the usual cause: one press looks the list up there. */}
          {others.length > 0 && (
            <div className="bulk-card__others">
              {others.map((maker) => (
                <button
                  key={maker.id}
                  type="button"
                  className="button button--secondary"
                  disabled={searching}
                  onClick={() => onSearchIn(maker.id)}
                >
                  {t('bulk.searchIn', { manufacturer: maker.name })}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      <button
        type="button"
        className="button button--quiet bulk-card__dismiss"
        disabled={searching}
        onClick={() => dismissResult(index)}
      >
        {t('bulk.dismiss', { sku: result.sku })}
      </button>
    </li>
  );
});

/** Bulk add: paste part numbers, see each found, add them all in one request. */
export default function BulkAddIsland({
  messages,
  locale,
  store,
  basket,
  basketNum,
  basketLoad,
  prefill,
}: BulkAddProps) {
  const t = useMemo(() => createTranslate(messages), [messages]);
  const [text, setText] = useState(prefill?.text ?? '');
  const [mfg, setMfg] = useState(prefill?.manufacturerId ?? store.defaultBulkManufacturer);
  const [started] = useState(() => {
    configureBulk({ storeId: store.id, locale, errorText: t('bulk.error'), orderedText: t('bulk.orderedNewBasket') });
    if (typeof window !== 'undefined')
      initCart(
        basketNum,
        basket,
        basketLoad,
        { isAuthorized: false, isGuest: false, isAlmostGuest: false },
        t('bulk.error'),
      );
    return true;
  });
  const bulk = useStore($bulk);
  const liveCart = useStore($cart);
  const live = started && typeof window !== 'undefined';
  const cartItems = live
    ? liveCart.lines.filter((line) => !line.deleted).map((line) => line.item)
    : (basket?.BASKET ?? []);
  const cartOrder = live ? liveCart.order : basket?.ORDER;
  const cartStatus = live ? liveCart.load : basketLoad;
  const counts = lookupCounts(bulk.results);
  const formRef = useRef<HTMLFormElement>(null);
  const linked = useRef(prefill);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (typeof value !== 'string') return;
    if (name === 'parts') setText(value);
    if (name === 'mfg' && linked.current === null) setMfg(Number(value));
  });
  // Before the island wakes, Find opens the page with the list (the spec's empty-text rule is the island's).
  const [awake, setAwake] = useState(false);
  useEffect(() => {
    setAwake(true);
    if (linked.current) void findProducts(linked.current.text, linked.current.manufacturerId);
    return () => clearAll();
  }, []);

  const searchedIn = store.manufacturers.find((maker) => maker.id === bulk.manufacturerId)?.name;
  const otherMakers = useMemo(
    () => store.manufacturers.filter((maker) => maker.id !== bulk.manufacturerId),
    [store.manufacturers, bulk.manufacturerId],
  );
  // Looks the same list up in another manufacturer's parts, and the select says which.
  const searchIn = useCallback(
    (manufacturerId: number) => {
      setMfg(manufacturerId);
      void findProducts(text, manufacturerId);
    },
    [text],
  );
  const products = bulk.results.flatMap((result) =>
    result.product ? [{ ...result.product, customer_can_buy: apiFlag(result.product.customer_can_buy) }] : [],
  );
  const addEnabled = canAddAny(products) && !bulk.adding && !bulk.searching;

  const buttons = (place: 'top' | 'bottom') => (
    <div className="bulk__buttons" data-place={place}>
      <button type="button" className="button button--primary" disabled={!addEnabled} onClick={() => void addAll()}>
        {t('bulk.addAll')}
      </button>
      {place === 'bottom' && (
        <button type="button" className="button button--secondary" onClick={clearProducts}>
          {t('bulk.clearProducts')}
        </button>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          clearAll();
          setText('');
        }}
      >
        {t('bulk.clearAll')}
      </button>
    </div>
  );

  return (
    <div className="bulk">
      <aside className="bulk__sidebar" aria-labelledby="basket-summary-heading">
        <BasketSummary
          locale={locale}
          t={t}
          status={cartStatus}
          items={cartItems}
          order={cartOrder}
          estimate={shippingEstimate(cartOrder?.subtotal ?? 0, store)}
          onRetry={() => void reloadBasket()}
          showCheckout
        />
      </aside>
      {/* Before the island wakes, Find opens the page with the parts filled in (bulkPrefill), which looks them up. */}
      <form
        ref={formRef}
        method="get"
        className="bulk__form stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '') void findProducts(text, mfg);
        }}
      >
        <p>{t('bulk.instruction')}</p>
        <p>
          {t('bulk.example')} <code>{exampleText(store.examplePartNumbers)}</code>
        </p>
        <div className="field">
          <label htmlFor="bulk-mfg">{t('bulk.manufacturer')}</label>
          <select id="bulk-mfg" name="mfg" value={mfg} onChange={(event) => setMfg(Number(event.currentTarget.value))}>
            {store.manufacturers.map((maker) => (
              <option key={maker.id} value={maker.id}>
                {maker.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bulk-text">{t('bulk.parts')}</label>
          <textarea
            id="bulk-text"
            name="parts"
            rows={10}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </div>
        <div className="bulk__buttons">
          <button type="submit" className="button button--primary" disabled={awake && text.trim() === ''}>
            {t('bulk.find')}
          </button>
        </div>
        {buttons('top')}
      </form>
      {counts.total > 0 && (
        <p role="status" aria-live="polite">
          {t('bulk.progress', {
            done: counts.lookedUp,
            total: counts.total,
            found: counts.found,
            notFound: counts.notFound,
          })}
          {counts.failed > 0 && ` ${t('bulk.progressFailed', { failed: counts.failed })}`}
        </p>
      )}
      {bulk.failed && (
        <div className="notice notice--error" role="alert">
          <p>{t('bulk.lookupFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void retryFailed()}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {bulk.unreadable.length > 0 && (
        <div className="notice notice--warning" role="alert">
          <p>{t('bulk.unreadable')}</p>
          <ul>
            {bulk.unreadable.map((line) => (
              <li key={line.line}>{t('bulk.lineNumber', { line: line.line, text: line.text })}</li>
            ))}
          </ul>
        </div>
      )}
      {bulk.results.length > 0 && (
        <ul className="bulk__results" aria-label={t('bulk.results')}>
          {bulk.results.map((result, index) => (
            <BulkCard
              key={`${result.sku}-${index}`}
              result={result}
              index={index}
              locale={locale}
              store={store}
              t={t}
              adding={bulk.adding}
              searching={bulk.searching}
              searchedIn={searchedIn}
              others={otherMakers}
              onSearchIn={searchIn}
            />
          ))}
        </ul>
      )}
      {bulk.results.length > SECOND_BUTTONS_ABOVE && buttons('bottom')}
    </div>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
BulkAddIsland.messageDomains = ['bulk', 'cart', 'common'] satisfies MessagePrefix[];
