import { describe, expect, it } from 'vitest';
import { isMethodRefused, isUriTooLong, MAX_URI_LENGTH } from '~/lib/http/request-limits';

describe('isUriTooLong', () => {
  const at = (length: number) => new URL(`http://shop.example/?q=${'x'.repeat(length - '/?q='.length)}`);
  it('accepts path and query up to the limit', () => {
    expect(isUriTooLong(at(MAX_URI_LENGTH))).toBe(false);
    expect(isUriTooLong(new URL('http://shop.example/public/tracking/?trackingNumber=EZ1000000001'))).toBe(false);
  });
  it('refuses one character more, in the query or in the path', () => {
    expect(isUriTooLong(at(MAX_URI_LENGTH + 1))).toBe(true);
    expect(isUriTooLong(new URL(`http://shop.example/${'p'.repeat(MAX_URI_LENGTH)}`))).toBe(true);
  });
  it('counts neither the host nor the fragment', () => {
    expect(isUriTooLong(new URL(`http://${'h'.repeat(60)}.example/#${'f'.repeat(MAX_URI_LENGTH)}`))).toBe(false);
  });
});

describe('isMethodRefused', () => {
  it.each(['GET', 'HEAD', 'POST', 'get'])('lets pages answer %s', (method) => {
    expect(isMethodRefused(method, '/login/')).toBe(false);
  });
  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'])('refuses %s on pages', (method) => {
    expect(isMethodRefused(method, '/login/')).toBe(true);
    expect(isMethodRefused(method, '/no-such-page/')).toBe(true);
  });
  it('leaves the proxy its own methods', () => {
    expect(isMethodRefused('PATCH', '/api/a/item/2043/1/')).toBe(false);
    expect(isMethodRefused('DELETE', '/api/a/basket/X/')).toBe(false);
    expect(isMethodRefused('PUT', '/apiary/')).toBe(true);
  });
});
