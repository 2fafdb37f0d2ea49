import type { AstroCookies } from 'astro';
import { isCrossSiteRequest } from '~/lib/http/fetch-site';
import { basketKeyFrom } from '~/lib/session/basket-key';
import { COOKIES } from '~/lib/session/cookie-names';
import { siteCookieJar } from '~/lib/session/cookie-options';
import { cartEditor } from '~/lib/session/current-user';
import type { Session } from '~/lib/session/session';
import { accessTokenFrom } from '~/lib/session/tokens';
import type { StoreId } from '~/stores';
import { readRejections, type Rejection } from './cart';
import { addFromQuery, adoptLinkedBasket, loadBasket } from './cart.server';
import { SHARED_LIST_MARK, readSharedListNotice, type SharedListNotice } from './share-link';
import { forgetBasket, rememberBasket } from '~/lib/session/basket-cookie';
import type { Basket } from '~/lib/store-api/basket';

const QUERY_ACTIONS = ['basketNum', 'add-to-cart', 'new-cart', SHARED_LIST_MARK] as const;

/**
 * The basket actions a cart link asks for (?basketNum=, ?add-to-cart=, ?new-cart), or null;
 * `shared` says its add-to-cart list is a parts list someone shared (share-link.ts).
 */
export interface QueryActions {
  basketNum: string | null;
  addToCart: string | null;
  newCart: boolean;
  shared: boolean;
}

export function queryActionsOf(url: URL): QueryActions | null {
  const actions = {
    basketNum: url.searchParams.get('basketNum'),
    addToCart: url.searchParams.get('add-to-cart'),
    newCart: url.searchParams.has('new-cart'),
    shared: url.searchParams.has(SHARED_LIST_MARK),
  };
  return actions.basketNum !== null || actions.addToCart !== null || actions.newCart ? actions : null;
}

/** Where the cart redirects once it has applied a link's actions: the same page without them. */
export function withoutQueryActions(url: URL): string {
  const clean = new URL(url);
  for (const name of QUERY_ACTIONS) clean.searchParams.delete(name);
  return `${clean.pathname}${clean.search}`;
}

/** The rejected entries of the notice cookie; an unreadable cookie names none. */
export function readNotice(value: string | undefined): Rejection[] {
  if (!value) return [];
  try {
    return readRejections(JSON.parse(value));
  } catch {
    return [];
  }
}

interface CartPageContext {
  url: URL;
  request: Request;
  cookies: AstroCookies;
  locals: { store: { id: StoreId }; session: Session; basketNum: string | undefined; previousPage: string | undefined };
}

/** What the cart page renders. */
export interface CartPageView {
  /** A link from another site only offers its actions: this is the link to confirm them here. */
  confirmActions: string | null;
  /** The link to confirm is a parts list someone shared. */
  confirmsSharedList: boolean;
  /** What the shared list just opened added to this cart, said once. */
  sharedList: SharedListNotice | null;
  /** The basket number a link named that the store does not hold, said once. */
  missingBasket: string | null;
  basket: Basket | null;
  basketNum: string | undefined;
  load: 'ok' | 'error';
  ordered: boolean;
  viewer: { isAuthorized: boolean; isGuest: boolean; isAlmostGuest: boolean };
  edit: boolean;
  previousPage: string | null;
  rejected: Rejection[];
}

export type CartPage = { redirect: string } | { view: CartPageView };

/**
 * Query actions work without JavaScript: the server applies them and redirects to the clean URL.
 * A link from another site only offers them: the visitor confirms with a click on this site.
 */
async function applyQueryActions(context: CartPageContext, actions: QueryActions): Promise<string> {
  const { url, cookies, locals } = context;
  const { secure } = siteCookieJar(cookies, url);
  const basketKey = basketKeyFrom(cookies, secure);
  const shopper = { basketKey, token: accessTokenFrom(cookies) };
  let basketNum = locals.basketNum;
  if (actions.newCart) {
    forgetBasket(cookies, secure);
    basketNum = undefined;
  }
  if (actions.basketNum) {
    const asked = actions.basketNum.trim().slice(0, 64);
    const linked = await adoptLinkedBasket(asked, shopper);
    // A number the store does not hold is said once, and the cart the visitor had stays theirs.
    if (linked.missing) siteCookieJar(cookies, url).set(COOKIES.cartMissing, asked, { maxAge: 60 });
    else {
      basketNum = linked.basketNum;
      rememberBasket(cookies, basketNum, secure);
    }
  }
  if (actions.addToCart !== null) {
    // A shared list joins the opener's own cart: whether it held parts already is said with it.
    const before = actions.shared ? await loadBasket(basketNum, basketKey) : null;
    const outcome = await addFromQuery(actions.addToCart, basketNum, locals.store.id, shopper);
    if (outcome.basketNum) rememberBasket(cookies, outcome.basketNum, secure);
    if (outcome.rejected.length > 0)
      siteCookieJar(cookies, url).set(COOKIES.cartRejected, JSON.stringify(outcome.rejected), { maxAge: 60 });
    if (actions.shared && outcome.added > 0) {
      const notice: SharedListNotice = {
        added: outcome.added,
        kept: before?.state === 'ok' && before.basket.BASKET.length > 0 && outcome.basketNum === basketNum,
      };
      siteCookieJar(cookies, url).set(COOKIES.cartShared, JSON.stringify(notice), { maxAge: 60 });
    }
  }
  return withoutQueryActions(url);
}

/** The cart page (/): applies a link's basket actions, then loads the basket for the first paint. */
export async function loadCartPage(context: CartPageContext): Promise<CartPage> {
  const { url, cookies, locals } = context;
  const actions = queryActionsOf(url);
  const confirmActions = actions && isCrossSiteRequest(context.request.headers) ? `${url.pathname}${url.search}` : null;
  if (actions && !confirmActions) return { redirect: await applyQueryActions(context, actions) };

  const jar = siteCookieJar(cookies, url);
  const notice = jar.get(COOKIES.cartRejected);
  if (notice) jar.delete(COOKIES.cartRejected);
  const rejected = readNotice(notice);
  const sharedNotice = jar.get(COOKIES.cartShared);
  if (sharedNotice) jar.delete(COOKIES.cartShared);
  const missingBasket = jar.get(COOKIES.cartMissing);
  if (missingBasket) jar.delete(COOKIES.cartMissing);

  const loaded = await loadBasket(locals.basketNum, basketKeyFrom(cookies, jar.secure));
  if (loaded.state === 'none' && locals.basketNum) forgetBasket(cookies, jar.secure);
  const basket = loaded.state === 'ok' ? loaded.basket : null;
  if (basket && basket.BASKET.length === 0) forgetBasket(cookies, jar.secure);

  return {
    view: {
      confirmActions,
      confirmsSharedList: Boolean(confirmActions && actions?.shared),
      sharedList: readSharedListNotice(sharedNotice),
      missingBasket: missingBasket ? missingBasket.slice(0, 64) : null,
      basket,
      basketNum: basket || loaded.state === 'error' ? locals.basketNum : undefined,
      load: loaded.state === 'error' ? 'error' : 'ok',
      ordered: loaded.state === 'ordered',
      viewer: cartEditor(locals.session, url.searchParams),
      edit: url.searchParams.get('edit') === 'true',
      // The guard read it from the Referer: the page before, on this site.
      previousPage: locals.previousPage ?? null,
      rejected,
    },
  };
}
