import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../store-api/harness';
import { BUYABLE, newBasket, productWhere } from '../store-api/fixtures';
import { DEV_RATING_KEY, encodeOrderNo } from '../../store-api/rules/rating.ts';
import { GRAPHQL_LIMITS } from '../../store-api/rules/graphql-limits.ts';
import {
  RESET_PER_ADDRESS,
  RESET_PER_CLIENT,
  SIGNUP_PER_ADDRESS,
  SIGNUP_PER_CLIENT,
} from '../../store-api/routes/account.ts';

// Abuse limits of the reference store API, each over real HTTP against a running server.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ siteOrigins: ['http://shop.test'] });
});
afterAll(() => api.close());

/** Each test counts against its own client address, so limits of one do not spill into another. */
const client = (name: string) => ({ 'x-forwarded-for': `198.51.100.${name}` });

describe('rating links (finding 3)', () => {
  it('signs links with the configured key: a link made with the development key does not open', async () => {
    const configured = await startTestApi({ ratingKey: 'a configured rating key of enough length 123' });
    try {
      expect(
        (await configured.call('GET', `admin/public/rate_merchant/${encodeOrderNo('600108', DEV_RATING_KEY)}`)).status,
      ).toBe(404);
      const minted = (await configured.call('GET', 'admin/public/rate_merchant/order-no-encode/600108')).body as {
        encoded: string;
      };
      expect((await configured.call('GET', `admin/public/rate_merchant/${minted.encoded}`)).status).toBe(200);
    } finally {
      await configured.close();
    }
  });

  it('production mode needs a configured key and does not mint links', async () => {
    await expect(startTestApi({ mode: 'production' })).rejects.toThrow(/STORE_API_RATING_KEY/);
    const production = await startTestApi({
      mode: 'production',
      ratingKey: 'a configured rating key of enough length 123',
    });
    try {
      expect((await production.call('GET', 'admin/public/rate_merchant/order-no-encode/600108')).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('the check answers only what the rating page greets with', async () => {
    const answer = await api.call('GET', `admin/public/rate_merchant/${encodeOrderNo('600302')}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body as object).sort()).toEqual(['DEALERNAME', 'FNAME']);
  });
});

describe('guest order lookup (finding 4)', () => {
  const lookup = (email: string, orderNo: string, headers: Record<string, string>) =>
    api.call('GET', `v2/orders/history/guest?email=${encodeURIComponent(email)}&order_no=${orderNo}`, { headers });

  it('a wrong e-mail and a wrong number answer alike', async () => {
    const wrongEmail = await lookup('someone-else@example.com', '601301', client('1'));
    const wrongNumber = await lookup('guest@example.com', '609999', client('1'));
    expect(wrongEmail.status).toBe(wrongNumber.status);
    expect(wrongEmail.body).toEqual(wrongNumber.body);
  });

  it('limits guesses per e-mail, whichever client asks', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 15; guess += 1)
      statuses.push((await lookup('counted@example.com', String(601310 + guess), client(String(10 + guess)))).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    const refused = await lookup('counted@example.com', '601301', client('99'));
    expect(refused).toMatchObject({ status: 429, body: { message: 'rate limit exceeded' } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits guesses per client across e-mail addresses', async () => {
    let refused = 0;
    for (let guess = 0; guess < 110; guess += 1) {
      if ((await lookup(`person${guess}@example.com`, '601301', client('2'))).status === 429) refused += 1;
    }
    expect(refused).toBe(10);
  });

  it('test mode skips the limits with X-Disable-Rate-Limit', async () => {
    for (let guess = 0; guess < 12; guess += 1) await lookup('limits-skipped@example.com', '601301', client('3'));
    expect(
      (await lookup('limits-skipped@example.com', '601301', { ...client('3'), 'x-disable-rate-limit': '1' })).status,
    ).toBe(200);
  });
});

describe('password reset requests (issue 39, item 6)', () => {
  const reset = (email: string, headers: Record<string, string>) =>
    api.call('POST', '/a/user/password', { body: { email }, headers });
  const resetsOf = (email: string) =>
    (
      api.api.ctx.db
        .prepare('SELECT COUNT(*) AS n FROM password_resets JOIN users ON users.id = user_id WHERE users.email = ?')
        .get(email) as { n: number }
    ).n;

  it('limits mails per address, whichever client asks, and sends none past the limit', async () => {
    const statuses: number[] = [];
    for (let ask = 0; ask < RESET_PER_ADDRESS.limit + 3; ask += 1)
      statuses.push((await reset('Subscriber@example.com', client(String(120 + ask)))).status);
    expect(statuses).toEqual([...Array<number>(RESET_PER_ADDRESS.limit).fill(200), 429, 429, 429]);
    expect(resetsOf('subscriber@example.com')).toBe(RESET_PER_ADDRESS.limit);
    const refused = await reset('subscriber@example.com', client('150'));
    expect(refused).toMatchObject({ status: 429, body: { message: 'rate limit exceeded' } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits requests per client across addresses, known or not', async () => {
    const statuses: number[] = [];
    for (let ask = 0; ask <= RESET_PER_CLIENT.limit; ask += 1)
      statuses.push((await reset(`nobody${ask}@example.com`, client('151'))).status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect((await reset('nobody-else@example.com', client('152'))).status).toBe(200);
  });
});

describe('sign-ups (issue 46, abuse)', () => {
  const signUp = (email: string, headers: Record<string, string>) =>
    api.call('POST', '/v2/customers/subscribers', {
      body: { fname: 'Rita', lname: 'Keel', email, password: 'Anchor-77', passwordConfirm: 'Anchor-77' },
      headers,
    });

  it('limits attempts per address, whichever client asks: a taken address cannot be tried on and on', async () => {
    const statuses: number[] = [];
    for (let ask = 0; ask < SIGNUP_PER_ADDRESS.limit + 2; ask += 1)
      statuses.push((await signUp('Customer@example.com', client(String(160 + ask)))).status);
    expect(statuses).toEqual([...Array<number>(SIGNUP_PER_ADDRESS.limit).fill(422), 429, 429]);
    const refused = await signUp('customer@example.com', client('180'));
    expect(refused).toMatchObject({ status: 429, body: { message: 'rate limit exceeded' } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits attempts per client across addresses, new or taken, and leaves another client alone', async () => {
    const statuses: number[] = [];
    for (let ask = 0; ask <= SIGNUP_PER_CLIENT.limit; ask += 1)
      statuses.push((await signUp(`signup${ask}@example.com`, client('181'))).status);
    expect(statuses.slice(0, SIGNUP_PER_CLIENT.limit).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await signUp('signup-elsewhere@example.com', client('182'))).status).toBe(200);
  });
});

describe('GraphQL cost (finding 6)', () => {
  const gql = (query: string, production = api) => production.call('POST', 'graphql', { body: { query } });

  it('refuses 4,800 aliased cart fields at once, before running them', async () => {
    const query = `{ ${Array.from({ length: 4800 }, (_, index) => `c${index}: cart(basketNum: "x") { id }`).join(' ')} }`;
    const answer = await gql(query);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('too large');
  });

  it('refuses too many aliases, too much depth and too much cost within the size limit', async () => {
    const aliases = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, index) => `c${index}: cart(basketNum: "x") { id }`).join(' ')} }`;
    expect(JSON.stringify((await gql(aliases)).body)).toContain('too many aliases');
    const deep = '{ cart(basketNum: "x") { orderLines { product { supplierInventory { supplier { name } } } } } }';
    expect((await gql(deep)).body).toMatchObject({ data: { cart: null } });
    const fragments = `fragment L on OrderLine { product { supplierInventory { supplier { name } } } } fragment O on CartOrder { orderLines { ...L } }
      { cart(basketNum: "x") { ...O } }`;
    expect(JSON.stringify((await gql(fragments)).body)).not.toContain('too deep');
    const costly = `{ ${Array.from({ length: 25 }, () => 'cart(basketNum: "x") { id }').join(' ')} }`;
    expect(JSON.stringify((await gql(costly)).body)).toContain('too costly');
  });

  it('a real cart query passes', async () => {
    const basketNum = await newBasket(api, productWhere(api, BUYABLE), 1);
    const answer = await gql(
      `{ cart(basketNum: "${basketNum}") { basketNum orderLines { id quantity product { sku supplierInventory { supplier { name } quantity } } } } }`,
    );
    expect(answer).toMatchObject({ status: 200, body: { data: { cart: { basketNum } } } });
  });

  it.each([
    ['normal', {}],
    ['production', { ratingKey: 'a configured rating key of enough length 123' }],
  ] as const)('%s mode answers no introspection and no field suggestions', async (mode, options) => {
    // Test mode keeps them for the developer tools the journeys drive.
    expect(JSON.stringify((await gql('{ __schema { types { name } } }')).body)).toContain('"types"');
    const hidden = await startTestApi({ mode, ...options });
    try {
      const introspection = await gql('{ __schema { types { name } } }', hidden);
      expect(JSON.stringify(introspection.body)).not.toContain('"types":');
      expect((introspection.body as { errors: { message: string }[] }).errors[0]?.message).toContain('introspection');
      const typo = await gql('{ cart(basketNum: "x") { basketNun } }', hidden);
      expect((typo.body as { errors: { message: string }[] }).errors[0]?.message).toContain('basketNun');
      expect(JSON.stringify(typo.body)).not.toContain('Did you mean');
    } finally {
      await hidden.close();
    }
  });
});

describe('analytics sink (finding 8)', () => {
  const events = async (type: string) =>
    (await api.call('GET', `__test/analytics?type=${type}`)).body as {
      payload: Record<string, unknown>;
      created_at: string;
    }[];

  it('refuses a large body', async () => {
    const answer = await api.call('POST', 'analytics', {
      body: { type: 'page_view', path: '/', filler: 'x'.repeat(500 * 1024) },
      headers: client('20'),
    });
    expect(answer.status).toBe(413);
  });

  it('limits calls per client', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 125; call += 1)
      statuses.push((await api.call('POST', 'analytics', { body: { type: 'ping' }, headers: client('21') })).status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect((await api.call('POST', 'analytics', { body: { type: 'ping' }, headers: client('22') })).status).toBe(200);
  });

  it('keeps page addresses without their query strings, and takes page views in batches', async () => {
    const view = (path: string) => ({
      type: 'page_view_q',
      path: `${path}?email=a%40b.example#top`,
      referrer: 'https://elsewhere.example/in?token=secret',
    });
    expect(
      (
        await api.call('POST', 'analytics', {
          body: { type: 'batch', events: [view('/cart/'), view('/search/')] },
          headers: client('23'),
        })
      ).status,
    ).toBe(200);
    const stored = await events('page_view_q');
    expect(stored.map((event) => [event.payload['path'], event.payload['referrer']])).toEqual([
      ['/cart/', 'https://elsewhere.example/in'],
      ['/search/', 'https://elsewhere.example/in'],
    ]);
  });

  it('forgets events past the retention bound', async () => {
    api.api.ctx.db
      .prepare(
        "INSERT INTO analytics_events (type, payload_json, created_at) VALUES ('old_view', '{}', '2020-01-01T00:00:00.000Z')",
      )
      .run();
    expect(await events('old_view')).toHaveLength(1);
    await api.call('POST', 'analytics', { body: { type: 'page_view' }, headers: client('24') });
    expect(await events('old_view')).toHaveLength(0);
  });
});

describe('orders without payment (finding 14)', () => {
  it("refuses payType 'ol' unless the store takes it", async () => {
    const basketNum = await newBasket(api, productWhere(api, BUYABLE), 1);
    await api.call('POST', `a/guest/${basketNum}`, {
      body: {
        email: 'ol@example.com',
        billToShip: true,
        shippingData: {
          firstName: 'Ol',
          lastName: 'Guest',
          address1: '1 Main St',
          city: 'Miami',
          state: 'FL',
          zip: '33101',
          country: 'US',
        },
      },
    });
    const refused = await api.call('POST', `a/checkout/${basketNum}`, { body: { payType: 'ol' } });
    expect(refused).toMatchObject({ status: 400, body: { message: 'payType: ol is not offered by this store' } });
    const store = (
      api.api.ctx.db.prepare('SELECT store_id FROM baskets WHERE basket_num = ?').get(basketNum) as { store_id: string }
    ).store_id;
    const allowing = await startTestApi({ payLaterStores: [store] });
    try {
      const other = await newBasket(allowing, productWhere(allowing, BUYABLE), 1);
      expect((await allowing.call('POST', `a/checkout/${other}`, { body: { payType: 'ol' } })).status).toBe(200);
    } finally {
      await allowing.close();
    }
  });
});

describe('smaller findings (16)', () => {
  it('answers deeply nested JSON with 400', async () => {
    const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const answer = await api.call('POST', `a/checkout/${'0'.repeat(24)}`, { body: nested });
    expect(answer.status).toBe(400);
    const graphql = await api.call('POST', 'graphql', {
      body: `{"query":"{ cart(basketNum: \\"x\\") { id } }","variables":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
    });
    expect(graphql.status).toBe(400);
  });

  it('sends X-Content-Type-Options: nosniff on every answer', async () => {
    for (const path of ['health', 'a/basket/unknown', 'chat/widget.js?key=abc']) {
      expect((await api.call('GET', path)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
