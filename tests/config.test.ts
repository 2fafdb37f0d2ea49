import { describe, expect, it } from 'vitest';
import { parseConfig } from '~/config';

const SECRET = 'a-basket-key-secret-of-40-characters-xyz';
const API = { STORE_API_URL: 'https://api.example/' };

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
    expect(parseConfig({ SITE_URL: 'https://parts.example.com' }).SITE_URL).toBe('https://parts.example.com/');
    for (const withPath of ['https://parts.example.com/shop', 'https://parts.example.com/?x=1'])
      expect(() => parseConfig({ SITE_URL: withPath })).toThrow(/^Invalid SITE_URL: must be an origin without a path/);
    expect(() => parseConfig({ PUBLIC_APP_ENV: 'production' })).toThrow(/^Invalid SITE_URL: required in production/);
    expect(() => parseConfig({ PUBLIC_APP_ENV: 'production', SITE_URL: 'http://parts.example.com/' })).toThrow(
      /SITE_URL: must be https/,
    );
    expect(
      parseConfig({
        PUBLIC_APP_ENV: 'production',
        SITE_URL: 'http://127.0.0.1:4321/',
        BASKET_KEY_SECRET: SECRET,
        ...API,
      }).SITE_URL,
    ).toBe('http://127.0.0.1:4321/');
    expect(() => parseConfig({ SITE_URL: 'ftp://parts.example.com/' })).toThrow(/SITE_URL/);
  });
  it('refuses production over plain http beyond this machine unless ALLOW_PLAIN_HTTP says so', () => {
    const local = {
      PUBLIC_APP_ENV: 'production',
      SITE_URL: 'http://localhost:4321/',
      BASKET_KEY_SECRET: SECRET,
      ...API,
    };
    expect(() => parseConfig({ ...local, HOST: '0.0.0.0' })).toThrow(
      /^Invalid HOST: plain http in production listens on loopback only .*ALLOW_PLAIN_HTTP=true$/,
    );
    expect(() => parseConfig({ ...local, HOST: '192.168.1.20' })).toThrow(/^Invalid HOST: /);
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2'])
      expect(parseConfig({ ...local, HOST: host }).HOST).toBe(host);
    expect(parseConfig({ ...local, HOST: '0.0.0.0', ALLOW_PLAIN_HTTP: 'true' }).HOST).toBe('0.0.0.0');
    const remote = { ...local, SITE_URL: 'http://parts.example.com/' };
    expect(parseConfig({ ...remote, ALLOW_PLAIN_HTTP: 'true' }).SITE_URL).toBe('http://parts.example.com/');
    const https = { ...local, SITE_URL: 'https://parts.example.com/', HOST: '0.0.0.0' };
    expect(parseConfig(https).ALLOW_PLAIN_HTTP).toBe(false);
  });
  it("requires an http or https store API in production, and uses this machine's elsewhere", () => {
    expect(parseConfig({}).STORE_API_URL).toBe('http://127.0.0.1:4010/');
    const production = {
      PUBLIC_APP_ENV: 'production',
      SITE_URL: 'https://parts.example.com/',
      BASKET_KEY_SECRET: SECRET,
    };
    expect(() => parseConfig(production)).toThrow(/^Invalid STORE_API_URL: required in production/);
    expect(() => parseConfig({ ...production, STORE_API_URL: 'ftp://x' })).toThrow(/^Invalid STORE_API_URL: /);
    expect(() => parseConfig({ STORE_API_URL: 'ftp://x' })).toThrow(/^Invalid STORE_API_URL: /);
    expect(parseConfig({ ...production, ...API }).STORE_API_URL).toBe('https://api.example/');
  });
  it('refuses to start in production without a basket-key secret of 32 characters, and makes one elsewhere', () => {
    const production = { PUBLIC_APP_ENV: 'production', SITE_URL: 'https://parts.example.com/' };
    expect(() => parseConfig(production)).toThrow(/^Invalid BASKET_KEY_SECRET: required in production/);
    expect(() => parseConfig({ ...production, BASKET_KEY_SECRET: 'x'.repeat(31) })).toThrow(/BASKET_KEY_SECRET/);
    expect(() => parseConfig({ BASKET_KEY_SECRET: 'short' })).toThrow(/BASKET_KEY_SECRET/);
    expect(parseConfig({ ...production, BASKET_KEY_SECRET: SECRET, ...API }).BASKET_KEY_SECRET).toBe(SECRET);
    const made = parseConfig({}).BASKET_KEY_SECRET;
    expect(made.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({}).BASKET_KEY_SECRET).not.toBe(made);
  });
  it('reads the trusted proxies and a drain deadline longer than the store API timeout', () => {
    const config = parseConfig({ TRUST_PROXY: '10.0.0.2, 10.0.0.3' });
    expect(config.TRUST_PROXY).toEqual(['10.0.0.2', '10.0.0.3']);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8,fd00::/8,::ffff:127.0.0.1' }).TRUST_PROXY).toHaveLength(3);
    for (const garbage of ['garbage', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', '10.0.0.0/x'])
      expect(() => parseConfig({ TRUST_PROXY: garbage }), garbage).toThrow(/^Invalid TRUST_PROXY: .*not an address/);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBeGreaterThan(config.UPSTREAM_TIMEOUT_MS);
    expect(() => parseConfig({ UPSTREAM_TIMEOUT_MS: '15000', SHUTDOWN_TIMEOUT_MS: '10000' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS/,
    );
  });
  it('gives a request 3 s for the store API and lets a breaker open from 2 calls of its group, for 10 s, unless told otherwise', () => {
    const defaults = parseConfig({});
    expect(defaults.UPSTREAM_TIMEOUT_MS).toBe(3000);
    expect(defaults.SHUTDOWN_TIMEOUT_MS).toBe(8000);
    expect(defaults.UPSTREAM_BREAKER_MIN_CALLS).toBe(2);
    expect(defaults.UPSTREAM_BREAKER_OPEN_MS).toBe(10000);
    const set = parseConfig({
      UPSTREAM_TIMEOUT_MS: '4000',
      UPSTREAM_BREAKER_MIN_CALLS: '6',
      UPSTREAM_BREAKER_OPEN_MS: '4000',
    });
    expect([set.UPSTREAM_TIMEOUT_MS, set.UPSTREAM_BREAKER_MIN_CALLS, set.UPSTREAM_BREAKER_OPEN_MS]).toEqual([
      4000, 6, 4000,
    ]);
    expect(() => parseConfig({ UPSTREAM_BREAKER_MIN_CALLS: '0' })).toThrow(/^Invalid UPSTREAM_BREAKER_MIN_CALLS/);
  });
  it('takes an empty METRICS_PORT as off and refuses a port that is not one', () => {
    expect(parseConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => parseConfig({ METRICS_PORT: 'x' })).toThrow(/^Invalid METRICS_PORT/);
  });
});
