import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { encodeOrderNo } from '../../store-api/rules/rating.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('warehouse status', () => {
  it('answers the full report with both bands, a colour and today', async () => {
    const answer = await api.call('GET', 'v2/reports/warehouse-status?format=full_report');
    expect(answer.status).toBe(200);
    const body = answer.body as {
      status: string;
      date: string;
      in_stock: { days_to_ship: number; rush: number; standard: number; no_rush: number }[];
      non_stocked: { days_to_ship: number }[];
    };
    expect(['green', 'yellow', 'red']).toContain(body.status);
    expect(body.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.in_stock.map((entry) => entry.days_to_ship)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 99]);
    expect(body.non_stocked.map((entry) => entry.days_to_ship)).toEqual([5, 7, 99]);
    for (const column of ['rush', 'standard', 'no_rush'] as const)
      expect(body.in_stock.reduce((sum, entry) => sum + entry[column], 0)).toBe(100);
  });

  it('answers only the colour without the full report and refuses an unknown format', async () => {
    const short = await api.call('GET', 'v2/reports/warehouse-status');
    expect(Object.keys(short.body as object).sort()).toEqual(['date', 'status']);
    expect((await api.call('GET', 'v2/reports/warehouse-status?format=pdf')).status).toBe(400);
  });
});

describe('tracking', () => {
  type Tracking = {
    dataType: string;
    packageStatus?: { status: string; signedby: string | null; carrier: string };
    packageHistory?: {
      status: string;
      datetime: string;
      tracking_location: { city: string; state: string; country: string };
    }[];
    thirdPartyTracking?: { trackingUrl: string; carrier: string };
    dateCreated: string;
  };
  const track = async (number: string) => {
    const answer = await api.call('GET', `a/tracking/${number}`);
    return { status: answer.status, body: answer.body as Tracking };
  };

  it('answers an in-transit carrier shipment with located history', async () => {
    const { status, body } = await track('EZ1000000001');
    expect(status).toBe(200);
    expect(body.dataType).toBe('easyPost');
    expect(body.packageStatus?.status).toBe('in_transit');
    expect(body.packageHistory?.length).toBeGreaterThan(2);
    expect(body.packageHistory?.[0]?.tracking_location).toMatchObject({
      city: expect.any(String) as unknown,
      country: 'US',
    });
  });

  it('answers a delivered carrier shipment signed for', async () => {
    const { body } = await track('ez2000000002');
    expect(body.packageStatus).toMatchObject({ status: 'delivered', signedby: 'C MARSH' });
    expect(body.packageHistory?.at(-1)?.status).toBe('delivered');
  });

  it('answers parcel post and a third party with its tracking page', async () => {
    const parcel = await track('PP3000000003');
    expect(parcel.body.dataType).toBe('parcel');
    expect(Number.isNaN(Date.parse(parcel.body.dateCreated))).toBe(false);
    const other = await track('TP4000000004');
    expect(other.body.dataType).toBe('other');
    expect(other.body.thirdPartyTracking?.trackingUrl).toMatch(/^https:\/\//);
  });

  it('answers 404 "no shipments found" for an unknown number', async () => {
    expect(await api.call('GET', 'a/tracking/NOPE123')).toMatchObject({
      status: 404,
      body: { message: 'no shipments found' },
    });
  });
});

describe('merchant rating', () => {
  const payload = {
    store_rating: 4,
    shopping_experience: 'Fast and friendly',
    repair_difficulty: 'Medium',
    repair_time: '1 to 2 hours',
    engine_make: 'Yamaha F150',
  };

  it('encodes an order number into an opaque HMAC string', async () => {
    const answer = await api.call('GET', 'admin/public/rate_merchant/order-no-encode/600108');
    expect(answer.status).toBe(200);
    const { encoded } = answer.body as { encoded: string };
    expect(encoded).toBe(encodeOrderNo('600108'));
    expect(encoded).not.toContain('600108');
    expect((await api.call('GET', 'admin/public/rate_merchant/order-no-encode/123')).status).toBe(404);
  });

  it('greets an order open for rating and takes one rating', async () => {
    const enc = encodeOrderNo('600302');
    expect(await api.call('GET', `admin/public/rate_merchant/${enc}`)).toMatchObject({
      status: 200,
      body: { DEALERNAME: 'Marine Parts Store', FNAME: 'Gale' },
    });
    expect(await api.call('POST', `admin/public/rate_merchant/${enc}`, { body: payload })).toMatchObject({
      status: 200,
      body: { message: 'thank you' },
    });
    expect(await api.call('GET', `admin/public/rate_merchant/${enc}`)).toMatchObject({
      status: 409,
      body: { message: 'This order has been reviewed already' },
    });
    expect((await api.call('POST', `admin/public/rate_merchant/${enc}`, { body: payload })).status).toBe(409);
  });

  it('refuses the seeded rated order', async () => {
    expect((await api.call('GET', `admin/public/rate_merchant/${encodeOrderNo('600303')}`)).status).toBe(409);
  });

  it('refuses a forged or unknown encoded number', async () => {
    const forged = `${Buffer.from('600108').toString('base64url')}.AAAAAAAAAAAAAAAA`;
    expect((await api.call('GET', `admin/public/rate_merchant/${forged}`)).status).toBe(404);
    expect((await api.call('GET', 'admin/public/rate_merchant/garbage')).status).toBe(404);
    expect((await api.call('GET', `admin/public/rate_merchant/${encodeOrderNo('123')}`)).status).toBe(404);
  });

  it.each([
    [{ ...payload, store_rating: undefined }, 'store_rating: required'],
    [{ ...payload, shopping_experience: undefined }, 'shopping_experience: required'],
    [{ ...payload, store_rating: 6 }, null],
    [{ ...payload, store_rating: 0 }, null],
    [{ ...payload, shopping_experience: 9 }, null],
    [{ ...payload, repair_difficulty: 'Trivial' }, null],
    [{ ...payload, repair_time: 'A week' }, null],
  ])('validates the rating (%j)', async (body, message) => {
    const enc = encodeOrderNo('600108');
    const answer = await api.call('POST', `admin/public/rate_merchant/${enc}`, { body });
    expect(answer.status).toBe(400);
    if (message) expect(answer.body).toEqual({ message });
  });

  it('accepts scores as numbers or digit text, and empty optional choices', async () => {
    const answer = await api.call('POST', `admin/public/rate_merchant/${encodeOrderNo('600108')}`, {
      body: { store_rating: '5', shopping_experience: 5, repair_difficulty: '', repair_time: '' },
    });
    expect(answer).toMatchObject({ status: 200, body: { message: 'thank you' } });
  });
});
