import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { newBasket } from './fixtures';
import { postalKey, streetErrors } from '../../store-api/rules/address-validation.ts';

let api: TestApi;
let basket: string;
beforeAll(async () => {
  api = await startTestApi();
  basket = await newBasket(api);
});
afterAll(() => api.close());

const good = {
  street1: '175 S Main St',
  street2: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84111',
  country: 'US',
};
const validate = (body: Record<string, unknown>) =>
  api.call('POST', '/v2/address/validate', { body: { basket, ...body } });
const codes = (body: unknown) => (body as { errors: { code: string }[] }).errors.map((e) => e.code);

describe('address validation', () => {
  it('accepts a known US address', async () => {
    expect(await validate(good)).toMatchObject({ status: 200, body: { success: true, errors: [] } });
    expect((await validate({ ...good, zip: '84111-1234', city: 'salt lake city', state: 'ut' })).status).toBe(200);
  });

  it('suggests city and state for a known ZIP (E.ADDRESS.INVALID)', async () => {
    const res = await validate({ ...good, city: 'Provo', state: 'CA' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      errors: [
        { code: 'E.ADDRESS.INVALID', message: 'Invalid city/state/ZIP', field: 'city', suggestion: 'Salt Lake City' },
        { code: 'E.ADDRESS.INVALID', message: 'Invalid city/state/ZIP', field: 'state', suggestion: 'UT' },
      ],
    });
  });

  it('answers E.ADDRESS.NOT_FOUND for an unknown ZIP', async () => {
    const res = await validate({ ...good, zip: '00000' });
    expect(res).toMatchObject({
      status: 422,
      body: { errors: [{ code: 'E.ADDRESS.NOT_FOUND', message: 'Address not found', field: 'zip' }] },
    });
  });

  it('checks the street and house number', async () => {
    expect(codes((await validate({ ...good, street1: 'Main Street' })).body)).toEqual(['E.HOUSE_NUMBER.MISSING']);
    expect(codes((await validate({ ...good, street1: '0 Main Street' })).body)).toEqual(['E.HOUSE_NUMBER.INVALID']);
    expect(codes((await validate({ ...good, street1: '12#4 Main Street' })).body)).toEqual(['E.HOUSE_NUMBER.INVALID']);
    expect(codes((await validate({ ...good, street1: '175 12' })).body)).toEqual(['E.STREET.INVALID']);
    expect((await validate({ ...good, street1: 'PO Box 123' })).status).toBe(200);
  });

  it('validates Canadian postal codes with province names from the table', async () => {
    expect(
      (
        await validate({
          street1: '111 Wellington St',
          city: 'Government Of Canada Ottawa And Gatineau Offices',
          state: 'ON',
          zip: 'K1A 0A9',
          country: 'CA',
        })
      ).status,
    ).toBe(200);
    expect(
      codes(
        (await validate({ street1: '111 Wellington St', city: 'Ottawa', state: 'QC', zip: 'K1A 0A9', country: 'CA' }))
          .body,
      ),
    ).toEqual(['E.ADDRESS.INVALID', 'E.ADDRESS.INVALID']);
  });

  it('accepts complete addresses outside the US and Canada', async () => {
    expect(
      (
        await validate({
          street1: 'Rua Augusta 100',
          city: 'Lisboa',
          state: 'Lisboa',
          zip: '1100-053',
          country: 'PT^Portugal',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses incomplete input naming the field, and needs a basket or a user', async () => {
    expect(await validate({ ...good, city: '' })).toMatchObject({ status: 400, body: { message: 'city: required' } });
    expect(await validate({ ...good, zip: '841' })).toMatchObject({ status: 400, body: { message: 'zip: Too short' } });
    expect(await validate({ ...good, country: 'USA' })).toMatchObject({
      status: 400,
      body: { message: 'country: Use two-letter country code, i.e.: US' },
    });
    expect(await api.call('POST', '/v2/address/validate', { body: good })).toMatchObject({
      status: 400,
      body: { message: 'basket: required' },
    });
    expect((await api.call('POST', '/v2/address/validate', { body: { ...good, basket: 'nope' } })).status).toBe(404);
    const session = (
      await api.call('POST', '/v2/auth/login', {
        body: { username: 'customer@example.com', password: 'Customer123!' },
        headers: { 'x-disable-rate-limit': '1' },
      })
    ).body as { token: string };
    expect((await api.call('POST', '/v2/address/validate', { body: good, token: session.token })).status).toBe(200);
  });

  it('keys postal codes and streets as the rules say', () => {
    expect(postalKey('US', '84111-1234')).toBe('84111');
    expect(postalKey('US', 'ABCDE')).toBeUndefined();
    expect(postalKey('CA', 'k1a 0a9')).toBe('K1A');
    expect(streetErrors('12B Harbor Rd')).toEqual([]);
    expect(streetErrors('1200-4 Harbor Rd')).toEqual([]);
  });
});
