import { describe, expect, it } from 'vitest';
import { cookieParams } from '../../scripts/perf/browser-cookies.mjs';

describe('cookieParams', () => {
  it('turns a Cookie header into one cookie of the site per pair, values kept as sent', () => {
    expect(cookieParams('BASKETN=12; ps_session=%7B%22a%22%3D1%7D', 'http://127.0.0.1:7560')).toEqual([
      { name: 'BASKETN', value: '12', url: 'http://127.0.0.1:7560' },
      { name: 'ps_session', value: '%7B%22a%22%3D1%7D', url: 'http://127.0.0.1:7560' },
    ]);
  });

  it('keeps an equals sign inside a value, and gives no cookie for no header', () => {
    expect(cookieParams('ps_access=a.b=', 'http://x')).toEqual([{ name: 'ps_access', value: 'a.b=', url: 'http://x' }]);
    expect(cookieParams(undefined, 'http://x')).toEqual([]);
  });
});
