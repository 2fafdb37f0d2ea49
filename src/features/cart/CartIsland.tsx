import { browser } from '~/lib/browser';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { notify } from '~/lib/notifications/notifications.store';
import { formatMoney, totalOf, type Cents } from '~/lib/money';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { fallbackImage, type Manufacturer, type StoreId } from '~/stores';
import {
  bannedInMixedCart,
  cartFromBasket,
  checkoutTarget,
  MAX_QUANTITY,
  removalBlocked,
  type CartLine,
  type CartState,
  type Rejection,
} from './cart';
import { getSuggestions } from './cart.api';
import {
  $calculating,
  $cart,
  addSuggestion,
  initCart,
  leaveQuantity,
  refreshOnReturn,
  reloadBasket,
  removeLine,
  restoreLine,
  syncWithGraphCart,
  typeQuantity,
} from './cart.store';
import type { Basket, Suggestion } from '~/lib/store-api/basket';
import CartLineItem from './CartLineItem';
import CartTotals from './CartTotals';
import { shippingEstimate } from './shipping-estimate';
import ShareCart from './ShareCart';
import { shareEntriesOf, shareLink } from './share-link';
import Price from '~/components/ui/Price';
import ProductImage from '~/components/ui/ProductImage';
import { shippingNotPriced } from '~/lib/basket-totals';
import type { CartEditor } from '~/lib/session/current-user';

export interface CartIslandProps {
  locale: Locale;
  messages: Messages;
  basketNum: string | undefined;
  /** The store's public origin, which the share link is built on (never the sender's basket). */
  shareOrigin: string;
  basket: Basket | null;
  load: 'ok' | 'error';
  /** The basket became an order (its checkout answer may have been lost). */
  ordered: boolean;
  viewer: CartEditor;
  store: {
    id: StoreId;
    showsInventoryWarning: boolean;
    bannedManufacturers: readonly number[];
    storefrontUrl: string;
    newShopUrl: string;
    manufacturers: readonly Manufacturer[];
    /** US orders from this subtotal ship free (no rush); null when the store has no such offer. */
    freeShippingFrom: Cents | null;
    /** The cheapest paid US service: the shipping estimate below the free threshold. */
    shippingFrom: Cents | null;
  };
  blockPurchases: boolean;
  edit: boolean;
  previousPage: string | null;
  /** Entries of ?add-to-cart= that could not be added, each named once in a notification with why. */
  rejected: readonly Rejection[];
}

function initialState(props: CartIslandProps): CartState {
  return cartFromBasket(props.basketNum, props.basket, props.load, props.ordered);
}

export default function CartIsland(props: CartIslandProps) {
  const t = useMemo(() => createTranslate(props.messages), [props.messages]);
  const live = useStore($cart);
  const [hydrated, setHydrated] = useState(false);
  const calculating = useStore($calculating);
  /** Checkout was asked for while totals were moving: it follows once they settle. */
  const [checkoutWaits, setCheckoutWaits] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // The server-rendered state paints first; the shared store takes over once hydrated.
  const state = hydrated ? live : initialState(props);

  useEffect(() => {
    initCart(props.basketNum, props.basket, props.load, props.viewer, t('common.somethingWentWrong'), props.ordered);
    setHydrated(true);
    if (props.rejected.length > 0) {
      const entries = props.rejected.map((rejection) =>
        t('cart.rejectedEntry', {
          entry: rejection.entry,
          reason: t(`cart.reject.${rejection.reason}`, { max: MAX_QUANTITY }),
        }),
      );
      notify({ text: t('cart.rejected', { entries: entries.join('; ') }), type: 'error' });
    }
    void syncWithGraphCart();
    // Mount-only: later prop changes never happen on this page.
  }, []);

  useEffect(() => {
    // Two tabs on one basket: the one coming back to the front shows what the other changed.
    const onReturn = () => void refreshOnReturn(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, []);

  useEffect(() => {
    if (!hydrated || !state.basketNum) return;
    let active = true;
    void getSuggestions(state.basketNum, state.order?.group_menu_id).then((result) => {
      if (active && result.ok) setSuggestions(result.value.filter((s) => s.customer_can_buy));
    });
    return () => {
      active = false;
    };
  }, [hydrated, state.basketNum, state.lines.length, state.order?.group_menu_id]);

  const activeLines = state.lines.filter((line) => !line.deleted);
  const items = activeLines.map((line) => line.item);
  const bannedIds = bannedInMixedCart(items, props.store.bannedManufacturers);
  const target = localizedPath(
    checkoutTarget({
      edit: props.edit,
      previousPage: props.previousPage,
      isAuthorized: props.viewer.isAuthorized,
      isGuest: props.viewer.isGuest,
    }),
    props.locale,
  );

  useEffect(() => {
    if (checkoutWaits && !calculating) browser().assign(target);
  }, [checkoutWaits, calculating, target]);

  const goToCheckout = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!$calculating.get()) return;
    // Totals are still moving: say so, and go once they settle.
    event.preventDefault();
    setCheckoutWaits(true);
  };

  const checkoutButton = (position: string, className = 'button') =>
    props.blockPurchases ? (
      <button type="button" className={className} disabled>
        {t('cart.checkout')}
      </button>
    ) : (
      <a className={className} href={target} onClick={goToCheckout} data-position={position}>
        {t('cart.checkout')}
      </a>
    );
  const brandOf = (mfg: number) => props.store.manufacturers.find((maker) => maker.id === mfg)?.name ?? '';

  if (state.load === 'error' && state.lines.length === 0) {
    return (
      <section className="notice notice--error" role="alert">
        <h2>{t('cart.cantGetBasket')}</h2>
        <p>{t('common.errorWithServer')}</p>
        {hydrated ? (
          <button type="button" className="button" onClick={() => void reloadBasket()}>
            {t('common.tryAgain')}
          </button>
        ) : (
          <a className="button" href={localizedPath('/', props.locale)}>
            {t('common.tryAgain')}
          </a>
        )}
      </section>
    );
  }
  if (state.load === 'loading') return <p role="status">{t('common.loading')}</p>;

  const lineList = (lines: readonly CartLine[]) => (
    <>
      <h2 id="cart-lines-heading" className="visually-hidden">
        {t('cart.items')}
      </h2>
      <ul className="cart__lines" aria-labelledby="cart-lines-heading">
        {lines.map((line) => (
          <CartLineItem
            key={line.item.product_id}
            line={line}
            locale={props.locale}
            t={t}
            storeId={props.store.id}
            brand={brandOf(line.item.mfg_account_id)}
            showsInventoryWarning={props.store.showsInventoryWarning}
            delays={state.order?.mfgDelays ?? []}
            banned={bannedIds.includes(line.item.product_id)}
            {...(hydrated
              ? {
                  onQuantity: (text: string) => typeQuantity(line.item.product_id, text),
                  onQuantityDone: () => leaveQuantity(line.item.product_id),
                  onRemove: () => void removeLine(line.item.product_id),
                  onRestore: () => void restoreLine(line.item.product_id, props.store.id),
                  removeBlocked: removalBlocked(state),
                }
              : {})}
          />
        ))}
      </ul>
    </>
  );

  // Emptied in place (every line removed, or the basket cleared elsewhere): the empty-cart state,
  // with the removed lines kept below it so Restore still works (it starts a new basket).
  if (activeLines.length === 0) {
    const link = (path: string) => localizedPath(path, props.locale);
    return (
      <section className="cart-empty" aria-labelledby="cart-empty-heading">
        {state.ordered && (
          <p className="notice notice--warning" role="status">
            {t('cart.alreadyOrdered')}{' '}
            <a href={link(props.viewer.isAuthorized ? '/order-history/' : '/order-info/')}>{t('cart.orderHistory')}</a>
          </p>
        )}
        <div className="card cart-empty__card">
          <svg
            className="cart-empty__icon"
            viewBox="0 0 48 48"
            width="48"
            height="48"
            aria-hidden="true"
            focusable="false"
          >
            <path
              d="M6 8h6l5 22h20l5-15H15"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="19" cy="38" r="3" fill="currentColor" />
            <circle cx="35" cy="38" r="3" fill="currentColor" />
          </svg>
          <h2 id="cart-empty-heading">{t('cart.empty')}</h2>
          <p className="cart-empty__lead">{t('cart.emptyLead')}</p>
          <a className="button button--large" href={props.store.storefrontUrl}>
            {t('header.continueShopping')}
          </a>
          <ul className="cart-empty__ways">
            <li>
              <a href={link('/bulk-add-items/')}>{t('cart.wayBulkAdd')}</a>
              <span>{t('cart.wayBulkAddDetail')}</span>
            </li>
            <li>
              <a href={link('/public/tracking/')}>{t('cart.wayTrack')}</a>
              <span>{t('cart.wayTrackDetail')}</span>
            </li>
            <li>
              <a href={link(props.viewer.isAuthorized ? '/order-history/' : '/order-info/')}>{t('cart.wayOrders')}</a>
              <span>{t('cart.wayOrdersDetail')}</span>
            </li>
          </ul>
          {props.store.manufacturers.length > 0 && (
            <p className="cart-empty__brands">
              {t('cart.wayBrands', { brands: props.store.manufacturers.map((maker) => maker.name).join(' · ') })}
            </p>
          )}
        </div>
        {state.lines.length > 0 && lineList(state.lines)}
      </section>
    );
  }

  const subtotal = state.order?.subtotal ?? 0;
  const notPriced = shippingNotPriced(state.order);
  const shownTotal = notPriced ? subtotal : totalOf(subtotal, state.order?.shipping ?? 0, state.order?.tax ?? 0);
  const freeFrom = props.store.freeShippingFrom;
  const freeShipping =
    freeFrom === null || !notPriced ? null : subtotal >= freeFrom ? (
      <p className="cart-summary__note cart-summary__note--ok">{t('cart.freeShippingQualifies')}</p>
    ) : (
      <p className="cart-summary__note">
        {t('cart.freeShippingFrom', { amount: formatMoney(props.locale, freeFrom) })}
      </p>
    );

  return (
    <div className="cart">
      {checkoutWaits && (
        <p className="notice notice--warning" role="status">
          {t('common.calculationInProcess')}
        </p>
      )}
      {props.blockPurchases && (
        <p className="notice notice--warning">
          {t('migration.message')} <a href={props.store.newShopUrl}>{t('migration.link')}</a>
        </p>
      )}
      {bannedIds.length > 0 && (
        <div className="notice notice--error" role="alert">
          <p>{t('cart.mixedCart')}</p>
          <a href={`${localizedPath('/', props.locale)}?new-cart=true`}>{t('cart.startNewCart')}</a>
        </div>
      )}
      <div className="with-summary">
        <div className="cart__main">
          {lineList(state.lines)}
          <ShareCart
            link={shareLink(props.shareOrigin, props.locale, shareEntriesOf(state.lines))}
            t={t}
            hydrated={hydrated}
          />
        </div>
        <aside className="with-summary__aside" aria-labelledby="cart-summary-heading">
          <section className="card cart-summary" aria-labelledby="cart-summary-heading">
            <h2 id="cart-summary-heading">{t('cart.summary')}</h2>
            <CartTotals
              items={items}
              order={state.order}
              locale={props.locale}
              t={t}
              estimate={shippingEstimate(subtotal, props.store)}
            />
            {freeShipping}
            {checkoutButton('summary', 'button button--block button--large')}
            <p className="secure-line">
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
                <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
              {t('cart.secureCheckout')}
            </p>
            <p className="cart__cutoff">{t('cart.cutoff')}</p>
            <a className="button button--quiet button--block" href={props.store.storefrontUrl}>
              {t('header.continueShopping')}
            </a>
          </section>
        </aside>
      </div>
      {suggestions.length > 0 && (
        <section className="cart__suggestions" aria-labelledby="suggestions-heading">
          <h2 id="suggestions-heading">{t('cart.suggestions')}</h2>
          <ul className="suggestions">
            {suggestions.map(({ pricediscounted, ...product }) => (
              <li key={product.product_id} className="card suggestion">
                <ProductImage
                  className="suggestion__image"
                  src={product.sm_image}
                  fallback={fallbackImage(product.mfg_account_id, props.store.id)}
                  size={96}
                />
                <p className="suggestion__name" id={`suggestion-${product.product_id}`}>
                  {product.name}
                </p>
                <p className="suggestion__sku">{t('cart.sku', { sku: product.sku })}</p>
                {/* The price the cart charges, the list price struck through beside it. */}
                <p className="suggestion__price">
                  <Price amount={pricediscounted || product.base_price} locale={props.locale} />
                  {pricediscounted > 0 && product.base_price > pricediscounted && (
                    <s className="suggestion__was">
                      <span className="visually-hidden">{t('cart.listPrice')} </span>
                      <Price amount={product.base_price} locale={props.locale} />
                    </s>
                  )}
                </p>
                <button
                  type="button"
                  className="button button--secondary button--block"
                  onClick={() => void addSuggestion(product.product_id, props.store.id, t('cart.orderedNewBasket'))}
                  id={`suggestion-add-${product.product_id}`}
                  aria-labelledby={`suggestion-add-${product.product_id} suggestion-${product.product_id}`}
                >
                  {t('cart.add')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="sticky-bar cart__bar" data-testid="cart-sticky-bar">
        <p className="cart__bar-total">
          <span className="cart__bar-label">{notPriced ? t('cart.totalBeforeShipping') : t('cart.total')}</span>
          <Price className="sticky-bar__total" amount={shownTotal} locale={props.locale} />
        </p>
        {checkoutButton('bar')}
      </div>
    </div>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
CartIsland.messageDomains = ['cart', 'common', 'header', 'migration'] satisfies MessagePrefix[];
