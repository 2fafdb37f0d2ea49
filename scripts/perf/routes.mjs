// The routes the budgets and the benchmark measure, and how to fetch each one's server-rendered HTML.

/**
 * @typedef {{ name: string, path: string, kind: 'public' | 'island', needs?: readonly ('basket' | 'session' | 'order')[], notFound?: true }} Route
 * `kind` public: no script; island: at most its own budget (scripts/perf/bundle.mjs). `notFound`: the page
 * is a 404 page itself.
 */

/** @type {readonly Route[]} */
export const ROUTES = [
  { name: '404', path: '/no-such-page/', kind: 'public', notFound: true },
  { name: 'public 404', path: '/public/404/?path=%2Fpublic%2Fnope', kind: 'public', notFound: true },
  { name: 'unsubscribed', path: '/public/subscriptions/unsubscribed/', kind: 'public' },
  { name: 'return policy', path: '/return-policy/', kind: 'public' },
  { name: 'return policy (fr)', path: '/fr/return-policy/', kind: 'public' },
  { name: 'tracking', path: '/public/tracking/?trackingNumber=EZ1000000001', kind: 'public' },
  { name: 'rate merchant', path: '/public/rate-merchant/?orderno=NjAwMTA4.sQgNKQrizcc4KagI', kind: 'public' },
  { name: 'cart', path: '/', kind: 'island', needs: ['basket'] },
  { name: 'cart (es)', path: '/es/', kind: 'island', needs: ['basket'] },
  { name: 'bulk add', path: '/bulk-add-items/', kind: 'island' },
  { name: 'sign in', path: '/signin/', kind: 'island' },
  { name: 'login', path: '/login/', kind: 'island' },
  { name: 'recover password', path: '/recover-password/', kind: 'island' },
  { name: 'customer form', path: '/customer-form/', kind: 'island', needs: ['basket'] },
  { name: 'order info', path: '/order-info/', kind: 'island' },
  { name: 'review order', path: '/review-order/', kind: 'island', needs: ['basket', 'session'] },
  // A server page with the session forms' script; it shows the order the visitor's record names.
  { name: 'payment success', path: '/payment-success/', kind: 'island', needs: ['order'] },
  { name: 'order history', path: '/order-history/', kind: 'island', needs: ['session'] },
  { name: 'account settings', path: '/account-settings/', kind: 'island', needs: ['session'] },
];

/**
 * A basket with one product, made through the reference API, for pages that render a basket.
 * Returns null while the API does not offer basket creation.
 * @param {string} apiUrl
 */
export async function createBasket(apiUrl) {
  try {
    const response = await fetch(new URL('a/basket', apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: 1374449, qty: 2, store_id: 'marine' }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    const body = await response.json();
    return typeof body?.BASKETNUM === 'string' || typeof body?.BASKETNUM === 'number' ? String(body.BASKETNUM) : null;
  } catch {
    return null;
  }
}

/**
 * Signs the demo customer in by the login action, as the plain login form posts it; returns the
 * cookies to send, or null while the API does not offer login.
 * @param {string} siteUrl
 */
export async function signIn(siteUrl, username = 'customer@example.com', password = 'Customer123!') {
  try {
    const response = await fetch(new URL('/login/?_action=session.login', siteUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(siteUrl).origin },
      body: new URLSearchParams({
        username,
        password,
        disableRateLimit: '1',
      }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(10000),
    });
    await response.arrayBuffer();
    // A browser drops cookies the answer deletes (expired), so they are not sent back either.
    const cookies = response.headers
      .getSetCookie()
      .filter((line) => !/;\s*expires=[^;]*1970/i.test(line) && !/;\s*max-age=0\b/i.test(line))
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => pair.includes('='));
    // A signed-in login answers 303 to the next page.
    return response.status === 303 && cookies.length > 0 ? cookies.join('; ') : null;
  } catch {
    return null;
  }
}

/**
 * Orders a basket of its own by card through the site's proxy, as review order does, signed in as
 * the other demo account (the demo customer's history stays as seeded); returns that session's
 * cookies with the order record the answer sets (payment success shows that order), or null.
 * @param {string} siteUrl
 * @param {string} apiUrl
 */
export async function placeOrder(siteUrl, apiUrl) {
  const session = await signIn(siteUrl, 'acai@example.com', 'Acai12345!');
  const basket = session ? await createBasket(apiUrl) : null;
  if (!basket || !session) return null;
  try {
    const response = await fetch(new URL(`/api/a/user/checkout/${basket}/`, siteUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(siteUrl).origin, cookie: session },
      body: JSON.stringify({
        payType: 'cc',
        order_notes: '',
        cardNumber: '4111111111111111',
        csv: '123',
        exp_month: '12',
        exp_year: String(new Date().getFullYear() + 1),
      }),
      signal: AbortSignal.timeout(15000),
    });
    await response.arrayBuffer();
    const record = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => /^(__Host-)?ps_order=./.test(pair));
    return response.ok && record ? `${session}; ${record}` : null;
  } catch {
    return null;
  }
}

/** The Cookie header a route needs, or undefined. */
export function routeCookie(route, context) {
  const parts = [];
  if (route.needs?.includes('basket') && context.basket) parts.push(`BASKETN=${context.basket}`);
  if (route.needs?.includes('session') && context.session) parts.push(context.session);
  if (route.needs?.includes('order') && context.order) parts.push(context.order);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

function titleOf(html) {
  return /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
}

/**
 * Fetches a route's HTML as a first visit would see it. `skip` explains why a route could not be
 * measured: not built yet (the catch-all 404 answers) or it needs a session (redirect).
 * @param {string} siteUrl
 * @param {Route} route
 * @param {{ basket: string | null, session: string | null, order?: string | null, notFoundTitle: string }} context
 */
export async function fetchRoute(siteUrl, route, context) {
  const headers = { accept: 'text/html', 'accept-language': 'en' };
  const cookie = routeCookie(route, context);
  if (cookie) headers.cookie = cookie;
  const response = await fetch(new URL(route.path, siteUrl), {
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(15000),
  });
  const html = await response.text();
  if (response.status >= 300 && response.status < 400) {
    return {
      skip: `redirects to ${response.headers.get('location') ?? '?'} (needs a session or basket)`,
      status: response.status,
      html,
    };
  }
  if (!route.notFound && response.status === 404 && titleOf(html) === context.notFoundTitle) {
    return { skip: 'route not built yet', status: response.status, html };
  }
  // An error state (API down: 503 with a retry) is still a page the visitor loads, so it is measured.
  return { status: response.status, html };
}

/** The title of the catch-all 404 page, to tell a missing route from a page answering 404. */
export async function notFoundTitle(siteUrl) {
  const response = await fetch(new URL('/no-such-page-for-budgets/', siteUrl), { headers: { accept: 'text/html' } });
  return titleOf(await response.text());
}
