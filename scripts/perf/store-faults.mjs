// The store API failing behind nginx and two instances, as the topology test meets it: stopped for
// a while, then one kind of call hanging. What a visitor must see through nginx: pages that need
// no store call keep answering for everyone, with or without cookies; pages that need it answer
// the site's own 503 at once or within one deadline, never nginx's 502.
import { setTimeout as sleep } from 'node:timers/promises';

/** The instances' store deadline (UPSTREAM_TIMEOUT_MS's default). */
export const DEADLINE_MS = 3000;

/** A page's answer as the fault checks read it: status, time, and which instance (or nginx) gave it. */
async function timedVisit(origin, path, cookie) {
  const started = performance.now();
  const answer = await fetch(`${origin}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
    .then(async (response) => ({
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      upstream: response.headers.get('x-upstream') ?? '',
      cache: response.headers.get('x-cache-status') ?? '',
      body: await response.text(),
    }))
    .catch(() => ({ status: 0, retryAfter: null, upstream: '', cache: '', body: '' }));
  return { path, cookie: Boolean(cookie), ms: performance.now() - started, ...answer };
}

/**
 * The pages a visitor opens during a fault: those that need no store call (with the status they
 * always answer), and the cart, which exists for the basket.
 * @param {string} basket
 */
export function faultPages(basket) {
  const shopper = `__Host-BASKETN=${basket}; __Host-LANG=en`;
  const french = `__Host-BASKETN=${basket}; __Host-LANG=fr`;
  return {
    storeFree: [
      { path: '/return-policy/', cookie: '', status: 200 },
      { path: '/return-policy/', cookie: shopper, status: 200 },
      { path: '/fr/return-policy/', cookie: french, status: 200 },
      { path: '/fr/return-policy/', cookie: '', status: 200 },
      { path: '/public/subscriptions/unsubscribed/', cookie: shopper, status: 200 },
      { path: '/public/subscriptions/unsubscribed/', cookie: '', status: 200 },
      { path: '/no-such-page/', cookie: shopper, status: 404 },
    ],
    cart: [
      { path: '/', cookie: shopper },
      { path: '/fr/', cookie: french },
    ],
  };
}

/** A page that lost its store call: the site's own 503, with Retry-After, from an instance. */
const isSiteOutage = (answer) => answer.status === 503 && answer.retryAfter !== null && answer.upstream !== '';

const summary = (answers) => {
  const counts = new Map();
  for (const answer of answers) {
    const key = `${answer.path}${answer.cookie ? ' (cookies)' : ''} → ${answer.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join('; ');
};

/**
 * The store API stopped for `durationMs`: visitors open the pages in turn the whole time.
 * @param {{ origin: string, basket: string, stopApi: () => Promise<void>, startApi: () => Promise<void>, check: (name: string, ok: boolean, detail?: string) => void, durationMs: number }} options
 */
export async function storeApiStopped({ origin, basket, stopApi, startApi, check, durationMs }) {
  const pages = faultPages(basket);
  const round = [...pages.storeFree, ...pages.cart];
  await stopApi();
  const answers = [];
  const ends = Date.now() + durationMs;
  try {
    while (Date.now() < ends) {
      answers.push(...(await Promise.all(round.map((page) => timedVisit(origin, page.path, page.cookie)))));
      await sleep(250);
    }
  } finally {
    await startApi();
  }
  const free = answers.filter((answer) => !answer.path.match(/^\/(?:fr\/)?$/));
  const carts = answers.filter((answer) => answer.path.match(/^\/(?:fr\/)?$/));
  const wrongFree = free.filter(
    (answer) =>
      answer.status !==
      pages.storeFree.find((page) => page.path === answer.path && Boolean(page.cookie) === answer.cookie)?.status,
  );
  console.log(`store API stopped ${durationMs / 1000} s: ${answers.length} requests; ${summary(answers)}`);
  check(
    `store API stopped: every page that needs no store call answered as always, with and without cookies (${free.length} requests)`,
    free.length > 0 && wrongFree.length === 0,
    summary(wrongFree),
  );
  check(
    `store API stopped: every cart answered the site’s own 503 with Retry-After, none nginx’s 502 (${carts.length} requests)`,
    carts.length > 0 && carts.every(isSiteOutage),
    summary(carts.filter((answer) => !isSiteOutage(answer))),
  );
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  check(
    'store API stopped: every page answered at once (a refused connection is no wait)',
    slowest < DEADLINE_MS,
    `slowest ${Math.round(slowest)} ms`,
  );
}

/**
 * The basket read hanging: one shopper opens the cart again and again, a second apart, each view
 * waiting at most one deadline; once an instance has met the hang (twice, its breaker's minimum of
 * calls; three times on a machine so busy that the instance holds a timeout against itself), its
 * views answer at once. Between views the shopper opens pages that need no basket.
 * @param {{ origin: string, apiUrl: string, basket: string, check: (name: string, ok: boolean, detail?: string) => void }} options
 */
export async function basketHanging({ origin, apiUrl, basket, check }) {
  const pages = faultPages(basket);
  const fault = { method: 'GET', path: '^/?a/basket/', status: 0, delay: 60_000, times: 1000 };
  const set = await fetch(`${apiUrl}__test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  check('the basket read hangs from now on', set.status === 200, `status ${set.status}`);
  const views = [];
  const storeFree = [];
  try {
    for (let view = 0; view < 10; view += 1) {
      views.push(await timedVisit(origin, pages.cart[0].path, pages.cart[0].cookie));
      for (const page of pages.storeFree.slice(0, 3)) storeFree.push(await timedVisit(origin, page.path, page.cookie));
      await sleep(1000);
    }
  } finally {
    await fetch(`${apiUrl}__test/faults?path=${encodeURIComponent(fault.path)}`, { method: 'DELETE' });
  }
  const shown = views.map((view) => `${view.status} in ${(view.ms / 1000).toFixed(2)} s (${view.upstream})`).join(', ');
  console.log(`cart views while the basket hangs: ${shown}`);
  // A loaded machine may add a second to a deadline; a second deadline (nginx retrying the 503
  // elsewhere) would add three.
  check(
    'basket hanging: every cart view is the site’s 503 within about one deadline',
    views.every((view) => isSiteOutage(view) && view.ms < DEADLINE_MS + 1500),
    shown,
  );
  const byInstance = new Map();
  for (const view of views) byInstance.set(view.upstream, [...(byInstance.get(view.upstream) ?? []), view]);
  const knownHanging = [...byInstance.values()].every((own) => {
    const knows = own.findIndex((view) => view.ms < 1000);
    return (
      own[0].ms >= DEADLINE_MS - 500 && knows >= 1 && knows <= 3 && own.slice(knows).every((view) => view.ms < 1000)
    );
  });
  check(
    'basket hanging: both instances served the cart, each met the hang, and each answers at once once it knows',
    byInstance.size === 2 && knownHanging,
    shown,
  );
  check(
    'basket hanging: pages that need no basket answered 200 throughout, well within a deadline',
    storeFree.every((answer) => answer.status === 200 && answer.ms < DEADLINE_MS),
    summary(storeFree.filter((answer) => answer.status !== 200 || answer.ms >= DEADLINE_MS)),
  );
  // The breakers let a probe through after their open time: the cart is back on both instances.
  const recovered = [];
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const view = await timedVisit(origin, pages.cart[0].path, pages.cart[0].cookie);
    recovered.push(view);
    if (recovered.slice(-4).filter((each) => each.status === 200).length === 4) break;
    await sleep(500);
  }
  check(
    'basket answering again: the cart is back on both instances once their probes succeed',
    recovered.slice(-4).every((view) => view.status === 200),
    summary(recovered.slice(-4)),
  );
}
