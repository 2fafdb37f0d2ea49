import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyForm, type CustomerFormValues } from '~/features/customer-form/form-values';
import type { SubmitInput } from '~/features/customer-form/submit';
import { submitCustomer } from '~/features/customer-form/customer-form.server';
import { signBasketKey, verifiedBasketKey } from '~/lib/session/basket-key';
import { fakeStoreApi, type SentCall } from '../../support/store-api-calls';

/** The cookies a submit leaves: set ones with their value, deleted ones as null. */
function cookieJar(initial: Record<string, string> = {}) {
  const jar = new Map<string, string | null>(Object.entries(initial));
  const cookies = {
    get: (name: string) => (jar.get(name) ? { value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.set(name, null),
  } as unknown as AstroCookies;
  return { jar, cookies };
}

const values: CustomerFormValues = {
  ...emptyForm(),
  shipping: {
    firstname: 'Ana',
    lastname: 'Lee',
    company: '',
    address1: '100 Main St',
    address2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US^United States',
    phone: '2175550100',
    address_verified: 2,
  },
  email: ' ana@example.com ',
};

const VALIDATE = '/v2/address/validate';
let all: SentCall[];
let answer: () => Response;
let check: () => Response;
/** The saves sent, without the address checks before them. */
const calls = () => all.filter((call) => call.path !== VALIDATE);
const checks = () => all.filter((call) => call.path === VALIDATE);

beforeEach(() => {
  answer = () => Response.json({ ok: true });
  check = () => Response.json({ success: true, errors: [] });
  const api = fakeStoreApi((call) => (call.path === VALIDATE ? check() : answer()));
  all = api.calls;
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => vi.unstubAllGlobals());

const url = new URL('http://site.test/_actions/customerForm.submit');
const submit = (input: Partial<SubmitInput>, jar = cookieJar()) =>
  submitCustomer(
    { cookies: jar.cookies, url },
    { action: 'guestPost', mode: 'guest', basketNum: 'B9', values, ...input },
  );

describe('the address check before a save (checkout spec section 5)', () => {
  const houseNumberMissing = {
    code: 'E.HOUSE_NUMBER.MISSING',
    message: 'House number is missing',
    field: 'street1',
  };
  const street = { ...values, shipping: { ...values.shipping, address1: 'Main Street', address_verified: 2 as const } };

  it('a failed check stops the save, whatever verified flag the form posted, and names its errors', async () => {
    check = () => Response.json({ success: false, errors: [houseNumberMissing] }, { status: 422 });
    expect(await submit({ values: street })).toEqual({
      ok: false,
      address: [{ code: 'E.HOUSE_NUMBER.MISSING', message: 'House number is missing', field: 'street1' }],
    });
    expect(checks()[0]).toMatchObject({ body: { street1: 'Main Street', zip: '62701', country: 'US', basket: 'B9' } });
    expect(calls()).toEqual([]);
  });

  it('kept as entered is saved as not verified, without asking again', async () => {
    check = () => Response.json({ success: false, errors: [houseNumberMissing] }, { status: 422 });
    expect(await submit({ values: street, addressKept: true })).toEqual({ ok: true });
    expect(checks()).toEqual([]);
    expect(calls()[0]).toMatchObject({ path: '/a/guest/B9', body: { shippingData: { address_verified: 1 } } });
  });

  it('a valid check saves the address as verified; a check that gets no answer keeps the posted flag', async () => {
    const unchecked = { ...values, shipping: { ...values.shipping, address_verified: 0 as const } };
    expect(await submit({ values: unchecked })).toEqual({ ok: true });
    expect(calls()[0]).toMatchObject({ body: { shippingData: { address_verified: 2 } } });
    check = () => Response.json({ message: 'down' }, { status: 503 });
    expect(await submit({ values: unchecked })).toEqual({ ok: true });
    expect(calls()[1]).toMatchObject({ body: { shippingData: { address_verified: 0 } } });
  });
});

describe('saving the customer form', () => {
  it('checks the values again and sends nothing when they are invalid', async () => {
    expect(await submit({ values: { ...values, email: 'not-mail' } })).toEqual({
      ok: false,
      errors: { email: 'email' },
    });
    expect(all).toEqual([]);
  });

  it('a guest record turns the visitor into a guest, removes tokens and gives a first basket key', async () => {
    const visitor = cookieJar({ ps_access: 'A', ps_refresh: 'R' });
    expect(await submit({}, visitor)).toEqual({ ok: true });
    expect(calls()[0]).toMatchObject({
      method: 'POST',
      path: '/a/guest/B9',
      body: { email: 'ana@example.com', billToShip: true, shippingData: { country: 'US', state: 'IL' } },
    });
    expect(visitor.jar.get('ps_guest')).toBe('B9');
    expect(visitor.jar.get('ps_access')).toBeNull();
    expect(visitor.jar.get('ps_refresh')).toBeNull();
    // The cookie holds the key with this site's signature; the store API gets the key alone.
    const key = verifiedBasketKey(visitor.jar.get('ps_basket_key') ?? undefined);
    expect(key).toMatch(/^[\w-]{40,}$/);
    expect(calls()[0]?.headers.get('x-basket-key')).toBe(key);
  });

  it("a guest's own basket key is sent and kept", async () => {
    const signed = signBasketKey('from-the-cookie-0123456789');
    const visitor = cookieJar({ ps_basket_key: signed });
    await submit({}, visitor);
    expect(calls()[0]?.headers.get('x-basket-key')).toBe('from-the-cookie-0123456789');
    expect(visitor.jar.get('ps_basket_key')).toBe(signed);
  });

  it('a basket key this site did not sign is ignored: the guest record gets a fresh key', async () => {
    const visitor = cookieJar({ ps_basket_key: 'planted-key-0123456789' });
    await submit({}, visitor);
    const sent = calls()[0]?.headers.get('x-basket-key');
    expect(sent).not.toBe('planted-key-0123456789');
    expect(verifiedBasketKey(visitor.jar.get('ps_basket_key') ?? undefined)).toBe(sent);
  });

  it("a refused guest record changes no cookie and names the store's reason", async () => {
    answer = () => Response.json({ message: 'Shipping country not served' }, { status: 422 });
    const visitor = cookieJar({ ps_access: 'A' });
    expect(await submit({}, visitor)).toEqual({ ok: false, failure: { text: 'Shipping country not served' } });
    expect([...visitor.jar]).toEqual([['ps_access', 'A']]);
  });

  it('a save the store API was out for says so, whether it answered 503 or not at all', async () => {
    answer = () => Response.json({ message: 'Database unavailable' }, { status: 503 });
    expect(await submit({})).toEqual({ ok: false, failure: { text: 'Database unavailable' }, outage: true });
    answer = () => {
      throw new TypeError('fetch failed');
    };
    expect(await submit({})).toEqual({ ok: false, failure: { key: 'common.connectionProblem' }, outage: true });
  });

  it('account creation signs the new customer in: tokens in cookies, none in the answer', async () => {
    answer = () => Response.json({ token: 't', refreshToken: 'r', user: { userid: 3, role: 'customer' } });
    const visitor = cookieJar();
    const result = await submit(
      {
        action: 'customerAdd',
        mode: 'create',
        values: { ...values, createAccount: true, password: 'Harbour-9', passwordConfirm: 'Harbour-9' },
      },
      visitor,
    );
    expect(result).toEqual({ ok: true });
    expect(calls()[0]).toMatchObject({ method: 'POST', path: '/v2/customers', body: { password: 'Harbour-9' } });
    expect(visitor.jar.get('ps_access')).toBe('t');
    expect(visitor.jar.get('ps_refresh')).toBe('r');
    expect(decodeURIComponent(visitor.jar.get('ps_session') ?? '')).toContain('"role":"customer"');
  });

  it("a subscriber's update that answers a new session is saved like a login; a plain update sets nothing", async () => {
    answer = () => Response.json({ ok: true, token: 't2', refreshToken: 'r2', user: { userid: 3, role: 'customer' } });
    const subscriber = cookieJar({ ps_access: 'old', ps_refresh: 'old-r' });
    expect(await submit({ action: 'customerUpdate', mode: 'edit', userid: 3 }, subscriber)).toEqual({ ok: true });
    expect(calls()[0]).toMatchObject({ method: 'PATCH', path: '/v2/customers', body: { userid: 3 } });
    expect(calls()[0]?.headers.get('authorization')).toBe('Bearer old');
    expect(subscriber.jar.get('ps_access')).toBe('t2');
    expect(decodeURIComponent(subscriber.jar.get('ps_session') ?? '')).toContain('"role":"customer"');

    answer = () => Response.json({ ok: true });
    const customer = cookieJar({ ps_access: 'A', ps_refresh: 'R' });
    expect(await submit({ action: 'customerUpdate', mode: 'edit' }, customer)).toEqual({ ok: true });
    expect([...customer.jar]).toEqual([
      ['ps_access', 'A'],
      ['ps_refresh', 'R'],
    ]);
  });

  it('an update refused for want of the current password points to account settings; an ended session logs out', async () => {
    answer = () =>
      Response.json({ message: 'Changing the e-mail address needs the current password' }, { status: 403 });
    expect(await submit({ action: 'customerUpdate', mode: 'edit' })).toEqual({
      ok: false,
      failure: { key: 'customer.emailNeedsPassword' },
    });

    answer = () => Response.json({ message: 'token expired' }, { status: 401 });
    const customer = cookieJar({ ps_access: 'A', ps_refresh: 'R' });
    expect(await submit({ action: 'customerUpdate', mode: 'edit' }, customer)).toEqual({
      ok: false,
      failure: { key: 'session.loggedOut' },
      loggedOut: true,
    });
    expect(customer.jar.get('ps_access')).toBeNull();
  });
});
