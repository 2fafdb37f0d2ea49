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
    const config = parseConfig({
      STORE_ID: 'cycle',
      BLOCK_PURCHASES: 'true',
      PORT: '8080',
      STORE_API_URL: 'https://api.example/',
    });
    expect(config).toMatchObject({
      STORE_ID: 'cycle',
      BLOCK_PURCHASES: true,
      PORT: 8080,
      STORE_API_URL: 'https://api.example/',
    });
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
  it('takes the public origin at start, and requires an https one in production', () => {
    expect(parseConfig({ PORT: '8080' }).SITE_URL).toBe('http://localhost:8080/');
    expect(parseConfig({ SITE_URL: 'https://parts.example.com/shop' }).SITE_URL).toBe('https://parts.example.com/');
    expect(() => parseConfig({ PUBLIC_APP_ENV: 'production' })).toThrow(/^Invalid SITE_URL: required in production/);
    expect(() => parseConfig({ PUBLIC_APP_ENV: 'production', SITE_URL: 'http://parts.example.com/' })).toThrow(
      /SITE_URL: must be https/,
    );
    expect(parseConfig({ PUBLIC_APP_ENV: 'production', SITE_URL: 'http://127.0.0.1:4321/' }).SITE_URL).toBe(
      'http://127.0.0.1:4321/',
    );
    expect(() => parseConfig({ SITE_URL: 'ftp://parts.example.com/' })).toThrow(/SITE_URL/);
  });
  it('reads the trusted proxies and a drain deadline longer than the store API timeout', () => {
    const config = parseConfig({ TRUST_PROXY: '10.0.0.2, 10.0.0.3' });
    expect(config.TRUST_PROXY).toEqual(['10.0.0.2', '10.0.0.3']);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBeGreaterThan(config.UPSTREAM_TIMEOUT_MS);
    expect(() => parseConfig({ UPSTREAM_TIMEOUT_MS: '15000', SHUTDOWN_TIMEOUT_MS: '10000' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS/,
    );
  });
  it('refuses a trusted proxy that is not an address', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'garbage' })).toThrow(/^Invalid TRUST_PROXY: comma-separated IP addresses/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.2,proxy.internal' })).toThrow(/^Invalid TRUST_PROXY/);
    expect(parseConfig({ TRUST_PROXY: '::1, 192.0.2.7' }).TRUST_PROXY).toEqual(['::1', '192.0.2.7']);
  });
  it('takes an empty METRICS_PORT as off and refuses a port that is not one', () => {
    expect(parseConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => parseConfig({ METRICS_PORT: 'x' })).toThrow(/^Invalid METRICS_PORT/);
  });
});
