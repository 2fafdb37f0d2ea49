import { describe, expect, it } from 'vitest';
import { parseConfig } from '~/config';

describe('config', () => {
  it('applies the defaults', () => {
    const config = parseConfig({});
    expect(config.STORE_ID).toBe('marine');
    expect(config.PORT).toBe(4321);
    expect(config.BLOCK_PURCHASES).toBe(false);
    expect(config.PUBLIC_APP_ENV).toBe('development');
  });
  it('reads good values', () => {
    const config = parseConfig({ STORE_ID: 'cycle', BLOCK_PURCHASES: 'true', PORT: '8080', STORE_API_URL: 'https://api.example/' });
    expect(config).toMatchObject({ STORE_ID: 'cycle', BLOCK_PURCHASES: true, PORT: 8080, STORE_API_URL: 'https://api.example/' });
  });
  it('leaves submitting without payment to the store unless the deployment says otherwise', () => {
    expect(parseConfig({}).SUBMIT_WITHOUT_PAYMENT).toBeUndefined();
    expect(parseConfig({ SUBMIT_WITHOUT_PAYMENT: 'true' }).SUBMIT_WITHOUT_PAYMENT).toBe(true);
    expect(parseConfig({ SUBMIT_WITHOUT_PAYMENT: '0' }).SUBMIT_WITHOUT_PAYMENT).toBe(false);
    expect(() => parseConfig({ SUBMIT_WITHOUT_PAYMENT: 'yes' })).toThrow(/SUBMIT_WITHOUT_PAYMENT/);
  });
  it('names the variable and the allowed values on a bad value', () => {
    expect(() => parseConfig({ STORE_ID: 'boats' })).toThrow(/STORE_ID.*marine, cycle/);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseConfig({ BLOCK_PURCHASES: 'maybe' })).toThrow(/BLOCK_PURCHASES/);
  });
});
