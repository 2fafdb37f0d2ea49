import { describe, expect, it } from 'vitest';
import { collapseLeadingSlashes, previousPageFrom, returnTarget, safeReturnPath } from '~/lib/http/safe-path';

describe('safeReturnPath', () => {
  it.each([
    ['/review-order/', '/review-order/'],
    ['/es/account-settings/?a=1#x', '/es/account-settings/?a=1#x'],
  ])('keeps same-origin path %s', (input, expected) => expect(safeReturnPath(input)).toBe(expected));

  it.each([
    '//evil.example/',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '',
    'x',
    undefined,
    42,
  ])('refuses %s', (input) => expect(safeReturnPath(input, '/fallback/')).toBe('/fallback/'));

  it('collapses leading slashes and backslashes', () => {
    expect(collapseLeadingSlashes('//\\\\evil.example/')).toBe('/evil.example/');
  });
});

describe('returnTarget', () => {
  it('drops the one-shot notice flags and keeps everything else as it was', () => {
    expect(returnTarget('/?logoutFailed=1')).toBe('/');
    expect(returnTarget('/es/order-history/?range=year&logOut=true#top')).toBe('/es/order-history/?range=year#top');
    expect(returnTarget('/bulk-add-items/?q=a%20b+c')).toBe('/bulk-add-items/?q=a%20b+c');
  });

  it('is as strict as safeReturnPath', () => {
    expect(returnTarget('//evil.example/?logOut=true', '')).toBe('');
    expect(returnTarget('https://evil.example/')).toBe('/');
  });
});

describe('previousPageFrom', () => {
  const here = new URL('http://shop.test/cart/');

  it('keeps a stored target page on this site, and prefers it to the Referer', () => {
    expect(previousPageFrom('/customer-form/', 'http://shop.test/parts/', here)).toBe('/customer-form/');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses a planted target %s, falling back to the Referer',
    (planted) => {
      expect(previousPageFrom(planted, 'http://shop.test/parts/', here)).toBe('/parts/');
      expect(previousPageFrom(planted, null, here)).toBeNull();
    },
  );
});
