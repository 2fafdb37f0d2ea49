import { request as httpRequest } from 'node:http';
import { expect, test } from './support/test';
import { CUSTOMER } from './support/checkout';
import { startProductionEntry, type OwnServer } from './support/servers';
import { E2E_API_URL, E2E_OWN_PORTS, E2E_SITES } from './support/sites';

/** How long the store API hands a spent refresh token's successor out again. */
const REFRESH_REPLAY_WINDOW_MS = 5_000;

// The session's tokens as an attacker would try them, over plain HTTP against the running sites
// and store API: a spent refresh token, token cookies planted by a sibling subdomain, a forged
// Host, and a shared cache between the visitor and the site (through the production entry too).
// Sign-in and logout are the session actions posted as the plain forms post them; a refresh is
// what any page request with an expired access token does.

interface Answer {
  status: number;
  setCookies: string[];
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

type Jar = Record<string, string>;

interface CallOptions {
  method?: string;
  cookies?: Jar;
  json?: unknown;
  /** Sent as a posted form (application/x-www-form-urlencoded), as the plain forms send it. */
  form?: Record<string, string>;
  https?: boolean;
  host?: string;
}

/** One request exactly as written (Host, cookies, forwarded scheme), no client cookie jar in between. */
function call(site: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const { hostname, port } = new URL(site);
  const host = options.host ?? `${hostname}:${port}`;
  const origin = `${options.https ? 'https' : 'http'}://${host}`;
  const body =
    options.form !== undefined
      ? new URLSearchParams(options.form).toString()
      : options.json === undefined
        ? undefined
        : JSON.stringify(options.json);
  const headers: Record<string, string> = { host, origin, referer: `${origin}/`, 'x-disable-rate-limit': '1' };
  if (options.https) headers['x-forwarded-proto'] = 'https';
  if (body !== undefined)
    headers['content-type'] = options.form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json';
  const cookie = Object.entries(options.cookies ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  if (cookie) headers['cookie'] = cookie;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path, method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const setCookie = response.headers['set-cookie'] ?? [];
          resolve({
            status: response.statusCode ?? 0,
            setCookies: setCookie,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The value a Set-Cookie line gives a cookie; undefined when the answer does not set it (a deletion sets none). */
function cookieSet(answer: Answer, name: string): string | undefined {
  const line = answer.setCookies.find((entry) => entry.startsWith(`${name}=`));
  if (!line || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) return undefined;
  const value = line.slice(name.length + 1).split(';')[0];
  return value && value !== 'deleted' ? value : undefined;
}

function lineOf(answer: Answer, name: string): string {
  return answer.setCookies.find((entry) => entry.startsWith(`${name}=`)) ?? '';
}

function deletes(answer: Answer, name: string): boolean {
  const line = lineOf(answer, name);
  return line !== '' && cookieSet(answer, name) === undefined;
}

const LOGIN = { username: CUSTOMER.email, password: CUSTOMER.password, disableRateLimit: '1' };
/** Another person: the customer's own tokens of the same second would be the very same. */
const OTHER = { ...LOGIN, username: 'acai@example.com', password: 'Acai12345!' };
/** The login form's address: the page with its action's name, as the plain form posts it. */
const LOGIN_ACTION = '/login/?_action=session.login';
/** The header's Log out form. */
const LOGOUT_ACTION = '/logout/?_action=session.logout';
const BARE = { access: 'ps_access', refresh: 'ps_refresh' };
const HOST = { access: '__Host-ps_access', refresh: '__Host-ps_refresh' };

/** Signs the customer in by the login action, as the plain form posts it; the tokens as the browser would store them. */
async function signIn(
  site: string,
  options: { https?: boolean; account?: typeof LOGIN } = {},
): Promise<{ access: string; refresh: string; answer: Answer }> {
  const names = options.https ? HOST : BARE;
  const answer = await call(site, LOGIN_ACTION, {
    form: options.account ?? LOGIN,
    ...(options.https ? { https: true } : {}),
  });
  // A signed-in login answers with the next page, the session in its cookies.
  expect(answer.status).toBe(303);
  return { access: cookieSet(answer, names.access) ?? '', refresh: cookieSet(answer, names.refresh) ?? '', answer };
}

function jar(tokens: { access?: string; refresh?: string }, names = BARE): Jar {
  const cookies: Jar = {};
  if (tokens.access) cookies[names.access] = tokens.access;
  if (tokens.refresh) cookies[names.refresh] = tokens.refresh;
  return cookies;
}

/**
 * A JWT-shaped token that expired long ago; the site reads only its expiry before refreshing.
 * Each is different, as two browsers' expired tokens are: the site shares a refresh answer only
 * with the browser that sent the same pair.
 */
let expiredTokens = 0;
function expiredToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  expiredTokens += 1;
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: 1000, jti: `e${expiredTokens}-${Date.now()}` })}.c2ln`;
}

/** A page request of a browser whose access token has expired: the site refreshes it before the page. */
function pageWithExpiredAccess(target: string, refresh: string, options: { access?: string; https?: boolean } = {}) {
  const names = options.https ? HOST : BARE;
  return call(target, '/return-policy/', {
    ...(options.https ? { https: true } : {}),
    cookies: { [names.access]: options.access ?? expiredToken(), [names.refresh]: refresh },
  });
}

/** The tokens a refreshing answer set. */
function renewedTokens(answer: Answer): { access: string; refresh: string } {
  return { access: cookieSet(answer, BARE.access) ?? '', refresh: cookieSet(answer, BARE.refresh) ?? '' };
}

const site = E2E_SITES.marine;
const signedInHeader = /action="[^"]*\/logout\/\?redirect=/;

// ---- Refresh tokens: a spent one is worth nothing to anyone but the browser that spent it, and only briefly ----

test('a spent refresh token gets no tokens through a page or the proxy, and its use ends the session it was stolen from', async () => {
  const victim = await signIn(site);
  // The victim's browser, its access token expired, opens a page: the site refreshes its tokens.
  const victimExpired = expiredToken();
  const refreshed = await pageWithExpiredAccess(site, victim.refresh, { access: victimExpired });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body).toMatch(signedInHeader);
  const current = renewedTokens(refreshed);
  expect(current.refresh).not.toBe('');
  expect(current.refresh).not.toBe(victim.refresh);
  // Within the store API's replay window (REFRESH_REPLAY_WINDOW_MS in store-api/data/users.ts) the
  // spent token still gets the same successor, so that instances renewing at once agree; a thief
  // comes later.
  await new Promise((resolve) => setTimeout(resolve, REFRESH_REPLAY_WINDOW_MS + 500));

  // The spent refresh token alone, then beside another session's access token.
  // The refresh fails: the session is over and the public page is asked for again, saying so.
  const alone = await call(site, '/return-policy/', { cookies: { [BARE.refresh]: victim.refresh } });
  expect(alone.status).toBe(302);
  expect(String(alone.headers['location'])).toContain('logOut=true');
  expect(cookieSet(alone, BARE.access)).toBeUndefined();
  expect(cookieSet(alone, BARE.refresh)).toBeUndefined();
  const attacker = await signIn(site, { account: OTHER });
  expect(attacker.access).not.toBe(victim.access);
  const paired = await call(site, '/api/a/user/', {
    cookies: { [BARE.access]: expiredToken(), [BARE.refresh]: victim.refresh },
  });
  expect(paired.status).toBe(401);
  expect(paired.body).not.toContain(CUSTOMER.email);
  expect(cookieSet(paired, BARE.access)).toBeUndefined();
  const beside = await pageWithExpiredAccess(site, victim.refresh);
  expect(beside.body).not.toMatch(signedInHeader);
  expect(cookieSet(beside, BARE.refresh)).toBeUndefined();
  const besideAttacker = await call(site, '/account-settings/', {
    cookies: { [BARE.access]: attacker.access, [BARE.refresh]: victim.refresh },
  });
  expect(besideAttacker.body).not.toContain(CUSTOMER.email);
  expect(cookieSet(besideAttacker, BARE.refresh)).toBeUndefined();

  // The store API saw the spent token again and ended that token family: the victim's newer token is void too.
  const after = await pageWithExpiredAccess(site, current.refresh);
  expect(after.body).not.toMatch(signedInHeader);
  expect(cookieSet(after, BARE.refresh)).toBeUndefined();
});

test('after logout no token of the session is handed out again, not even to the browser that held them', async () => {
  const first = await signIn(site);
  const firstExpired = expiredToken();
  const refreshed = await pageWithExpiredAccess(site, first.refresh, { access: firstExpired });
  expect(refreshed.status).toBe(200);
  const current = renewedTokens(refreshed);
  expect(current.refresh).not.toBe('');
  const logout = await call(site, LOGOUT_ACTION, { form: { redirect: '/' }, cookies: jar(current) });
  expect(logout.status).toBe(303);
  expect(String(logout.headers['location'])).toContain('/login/?logOut=true');
  expect(deletes(logout, BARE.refresh)).toBe(true);

  // The very pair the browser refreshed with moments ago, on a page and through the proxy.
  for (const path of ['/return-policy/', '/api/a/user/']) {
    const replay = await call(site, path, { cookies: { [BARE.access]: firstExpired, [BARE.refresh]: first.refresh } });
    if (path.startsWith('/api/')) expect(replay.status, path).toBe(401);
    else expect(replay.body, path).not.toMatch(signedInHeader);
    expect(cookieSet(replay, BARE.access), path).toBeUndefined();
    expect(cookieSet(replay, BARE.refresh), path).toBeUndefined();
  }
});

// ---- Cookie names: only this host's own token cookies sign anyone in ----

test('token cookies of an older release never sign anyone in (a sibling subdomain can plant them) and are deleted', async () => {
  const planted = await signIn(site);
  const legacy = { token: planted.access, refresh_token: planted.refresh };
  const page = await call(site, '/return-policy/', { cookies: legacy });
  expect(page.status).toBe(200);
  expect(page.body).not.toMatch(signedInHeader);
  for (const name of [BARE.access, BARE.refresh, 'ps_session']) expect(cookieSet(page, name), name).toBeUndefined();
  expect(deletes(page, 'token')).toBe(true);
  expect(deletes(page, 'refresh_token')).toBe(true);
  expect(page.headers['cache-control']).toBe('private, no-cache');

  const account = await call(site, '/api/a/user/', { cookies: legacy });
  expect(account.status).toBe(401);
  expect(account.body).not.toContain(CUSTOMER.email);
  expect((await call(site, '/account-settings/', { cookies: legacy })).status).toBe(302);
});

test('over https the token cookies are __Host- cookies: Secure, Path=/, no Domain, httpOnly, SameSite=Strict', async () => {
  const session = await signIn(site, { https: true });
  for (const name of [HOST.access, HOST.refresh]) {
    const line = lineOf(session.answer, name);
    expect(cookieSet(session.answer, name), name).toBeTruthy();
    expect(line, name).toMatch(/;\s*Secure(;|$)/i);
    expect(line, name).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line, name).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(line, name).toMatch(/;\s*SameSite=Strict(;|$)/i);
    expect(line, name).not.toMatch(/;\s*Domain=/i);
  }
  for (const name of [BARE.access, BARE.refresh]) expect(cookieSet(session.answer, name), name).toBeUndefined();

  const own = jar(session, HOST);
  const account = await call(site, '/api/a/user/', { https: true, cookies: own });
  expect(account.status).toBe(200);
  expect(account.body).toContain(CUSTOMER.email);
  expect((await call(site, '/return-policy/', { https: true, cookies: own })).body).toMatch(signedInHeader);

  // The bare names are what a sibling subdomain can set for this host: over https they sign no one in.
  const bare = jar(session, BARE);
  const planted = await call(site, '/api/a/user/', { https: true, cookies: bare });
  expect(planted.status).toBe(401);
  const page = await call(site, '/return-policy/', { https: true, cookies: bare });
  expect(page.body).not.toMatch(signedInHeader);
  expect(deletes(page, BARE.access)).toBe(true);

  // Logout deletes them the only way a browser accepts for a __Host- cookie: Secure, Path=/.
  const logout = await call(site, LOGOUT_ACTION, { https: true, form: { redirect: '/' }, cookies: own });
  expect(logout.status).toBe(303);
  for (const name of [HOST.access, HOST.refresh]) {
    expect(deletes(logout, name), name).toBe(true);
    expect(lineOf(logout, name), name).toMatch(/;\s*Secure(;|$)/i);
    expect(lineOf(logout, name), name).toMatch(/;\s*Path=\/(;|$)/i);
  }
});

test('Secure follows the scheme the visitor used, never the Host name', async () => {
  const { port } = new URL(site);
  const forged = await call(site, LOGIN_ACTION, { form: LOGIN, host: `shop.example.test:${port}` });
  expect(forged.status).toBe(303);
  expect(cookieSet(forged, BARE.access)).toBeTruthy();
  expect(lineOf(forged, BARE.access)).not.toMatch(/;\s*Secure(;|$)/i);
  expect(cookieSet(forged, HOST.access)).toBeUndefined();
});

// ---- Shared caches: an answer that sets a session cookie is never shareable ----

function expectNeverShared(answer: Answer, label: string): void {
  const cacheControl = String(answer.headers['cache-control'] ?? '');
  expect(cacheControl, label).toMatch(/private|no-store/);
  expect(cacheControl, label).not.toMatch(/public|s-maxage/);
}

async function expectRefreshedPageNeverShared(target: string, https: boolean): Promise<void> {
  const names = https ? HOST : BARE;
  const session = await signIn(target, { https });
  const refreshTokens = [session.refresh];
  for (const path of ['/return-policy/', '/fr/return-policy/', '/public/tracking/?trackingNumber=EZ1000000001']) {
    const page = await call(target, path, {
      https,
      cookies: { [names.access]: expiredToken(), [names.refresh]: refreshTokens.at(-1) ?? '' },
    });
    expect(page.status, path).toBe(200);
    const renewed = cookieSet(page, names.refresh);
    expect(renewed, `${path} refreshed the token`).toBeTruthy();
    refreshTokens.push(renewed ?? '');
    expectNeverShared(page, `${target}${path}`);
  }
  expectNeverShared(session.answer, `${target} sign-in`);
}

test('a page answered with refreshed tokens is never shared-cacheable, over http and with __Host- cookies', async () => {
  await expectRefreshedPageNeverShared(site, false);
  await expectRefreshedPageNeverShared(site, true);
});

test.describe('through the production entry', () => {
  let entry: OwnServer | undefined;
  const output: string[] = [];

  test.beforeAll(async () => {
    // The proxy in front (here the journey itself, on loopback) is trusted for X-Forwarded-Proto.
    entry = await startProductionEntry(
      E2E_OWN_PORTS.securedSite,
      E2E_API_URL,
      { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'silent' },
      output,
    );
  });

  test.afterAll(async () => {
    await entry?.stop();
  });

  test('refreshed __Host- tokens are never shared-cacheable; the anonymous page still is', async () => {
    test.setTimeout(90_000);
    const target = entry?.url ?? '';
    await expectRefreshedPageNeverShared(target, true);
    const anonymous = await call(target, '/return-policy/');
    expect(String(anonymous.headers['cache-control'])).toMatch(/s-maxage/);
    expect(anonymous.setCookies).toEqual([]);
  });
});
