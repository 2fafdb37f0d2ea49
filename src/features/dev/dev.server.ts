import type { AstroCookies } from 'astro';
import { config } from '~/config';
import type { Translate } from '~/lib/i18n/translate';
import { readPostedForm } from '~/lib/server/form';
import { TOKEN_PREFIX } from '~/lib/session/renewal';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { failureAnswer, sendForShopper, sendFromServer } from '~/lib/store-api/server';
import { basketKeyFrom } from '~/lib/session/basket-key';
import { accessTokenFrom } from '~/lib/session/tokens';
import { isUnreadableAnswer, type Result } from '~/lib/store-api/result';
import { COOKIES } from '~/lib/session/cookie-names';
import { applyCookies, siteCookieJar } from '~/lib/session/cookie-options';
import { signInCookies } from '~/lib/session/session-cookies';
import type { StoreId } from '~/stores';
import { forgetBasket, rememberBasket } from '~/lib/session/basket-cookie';
import { isSameOriginPost } from '~/features/rating/public';
import {
  E2E_MODE_COOKIE,
  demoAccount,
  isDevPageEnabled,
  readSubscriberForm,
  sampleBasketPayload,
  validateSubscriber,
  type SubscriberErrors,
  type SubscriberForm,
} from './dev';

export interface DevOutcome {
  ok: boolean;
  text: string;
  link?: { href: string; label: string };
}

/** What the developer page renders. */
export interface DevPageView {
  outcome: DevOutcome | null;
  e2eMode: boolean;
  basket: string | undefined;
  subscriber: SubscriberForm;
  subscriberErrors: SubscriberErrors;
}

export type DevPage = { status: 404 } | { status: 403 } | { redirect: string } | { view: DevPageView };

interface DevPageContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: { t: Translate; store: { id: StoreId }; basketNum: string | undefined };
}

const fieldText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

const EMPTY_SUBSCRIBER: SubscriberForm = { fname: '', lname: '', email: '', password: '', passwordConfirm: '' };

const failed = (answer: Result<unknown> & { ok: false }): DevOutcome => {
  const { status, message } = failureAnswer(answer.failure);
  return { ok: false, text: `${status}: ${message}` };
};

/** One posted tool of the page; it may change the basket number the page shows. */
interface ToolResult {
  outcome?: DevOutcome;
  redirect?: string;
  subscriber?: SubscriberForm;
  subscriberErrors?: SubscriberErrors;
}

async function runTool(action: string, form: FormData, context: DevPageContext): Promise<ToolResult> {
  const { cookies, url, locals } = context;
  const { t } = locals;
  const jar = siteCookieJar(cookies, url);
  const { secure } = jar;
  const shopper = { basketKey: basketKeyFrom(cookies, secure), token: accessTokenFrom(cookies) };

  if (action === 'e2e') {
    if (jar.get(E2E_MODE_COOKIE) === '1') jar.delete(E2E_MODE_COOKIE);
    else jar.set(E2E_MODE_COOKIE, '1');
    return { redirect: url.pathname };
  }
  if (action === 'basket-create') {
    const answer = await sendForShopper(
      ENDPOINTS.basketBulkAdd,
      { body: sampleBasketPayload(locals.store.id) },
      shopper,
    );
    if (!answer.ok) return { outcome: failed(answer) };
    const basket = answer.value.BASKETNUM;
    rememberBasket(cookies, String(basket), secure);
    locals.basketNum = String(basket);
    return { outcome: { ok: true, text: t('dev.basket.created', { basket: String(basket) }) } };
  }
  if (action === 'basket-destroy') {
    const basket = locals.basketNum;
    if (!basket) return { outcome: { ok: false, text: t('dev.basket.none') } };
    const answer = await sendForShopper(ENDPOINTS.basketDestroy, { params: { basketNum: basket } }, shopper);
    forgetBasket(cookies, secure);
    locals.basketNum = undefined;
    return { outcome: answer.ok ? { ok: true, text: t('dev.basket.destroyed') } : failed(answer) };
  }
  if (action === 'encode') {
    const orderNo = fieldText(form, 'orderNo');
    if (!orderNo) return { outcome: { ok: false, text: t('validation.required') } };
    const answer = await sendFromServer(ENDPOINTS.orderNumberEncode, { params: { orderNo } });
    if (!answer.ok) return { outcome: failed(answer) };
    const encoded = answer.value;
    if (encoded === null) return { outcome: { ok: false, text: t('dev.failed') } };
    return {
      outcome: {
        ok: true,
        text: t('dev.encode.result', { encoded }),
        link: { href: `/public/rate-merchant/?orderno=${encodeURIComponent(encoded)}`, label: t('dev.encode.rate') },
      },
    };
  }
  if (action.startsWith('login-')) {
    const account = demoAccount(action.slice('login-'.length));
    if (!account) return {};
    const answer = await sendFromServer(ENDPOINTS.login, {
      body: { tokenPrefix: TOKEN_PREFIX, username: account.username, password: account.password, role: account.role },
      headers: { 'X-Disable-Rate-Limit': '1' },
    });
    if (!answer.ok)
      return { outcome: isUnreadableAnswer(answer.failure) ? { ok: false, text: t('dev.failed') } : failed(answer) };
    applyCookies(cookies, signInCookies(answer.value, secure));
    return { outcome: { ok: true, text: t('dev.auth.loggedIn', { role: account.role }) } };
  }
  if (action === 'expire') {
    // A token the API refuses: the next call must go through the proxy's refresh.
    if (!jar.get(COOKIES.access)) return { outcome: { ok: false, text: t('dev.auth.notSignedIn') } };
    jar.set(COOKIES.access, 'expired');
    return { outcome: { ok: true, text: t('dev.auth.expired') } };
  }
  if (action === 'subscriber') {
    const subscriber = readSubscriberForm(form);
    const subscriberErrors = validateSubscriber(subscriber);
    if (Object.keys(subscriberErrors).length > 0)
      return { outcome: { ok: false, text: t('validation.formErrors') }, subscriber, subscriberErrors };
    const answer = await sendFromServer(ENDPOINTS.subscriberAdd, { body: subscriber });
    if (!answer.ok) return { outcome: failed(answer), subscriber };
    return { outcome: { ok: true, text: t('dev.subscriber.created', { email: subscriber.email }) } };
  }
  return {};
}

/** The developer page (/dev/): 404 in production; a posted tool runs, then the page shows its outcome. */
export async function loadDevPage(context: DevPageContext): Promise<DevPage> {
  if (!isDevPageEnabled(config.PUBLIC_APP_ENV)) return { status: 404 };
  let result: ToolResult = {};
  if (context.request.method === 'POST') {
    if (!isSameOriginPost(context.request.headers, context.url.origin)) return { status: 403 };
    const form = await readPostedForm(context.request);
    result = await runTool(fieldText(form, 'action'), form, context);
    if (result.redirect) return { redirect: result.redirect };
  }
  return {
    view: {
      outcome: result.outcome ?? null,
      e2eMode: siteCookieJar(context.cookies, context.url).get(E2E_MODE_COOKIE) === '1',
      basket: context.locals.basketNum,
      subscriber: result.subscriber ?? EMPTY_SUBSCRIBER,
      subscriberErrors: result.subscriberErrors ?? {},
    },
  };
}

/** The message of a field of the test subscriber form. */
export function subscriberErrorKey(error: SubscriberErrors[keyof SubscriberForm]) {
  if (!error) return null;
  return error === 'required'
    ? 'validation.required'
    : error === 'email'
      ? 'validation.email'
      : 'validation.passwordsDontMatch';
}
