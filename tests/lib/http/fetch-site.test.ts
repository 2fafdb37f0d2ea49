import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from '~/lib/http/fetch-site';

describe('isCrossSiteRequest', () => {
  it.each([
    ['cross-site', true],
    ['same-site', true],
    ['same-origin', false],
    ['none', false],
  ])('Sec-Fetch-Site %s: %s', (value, expected) => {
    expect(isCrossSiteRequest(new Headers({ 'sec-fetch-site': value }))).toBe(expected);
  });

  it('treats a request without the header as this site’s own', () => {
    expect(isCrossSiteRequest(new Headers())).toBe(false);
  });
});
