import { describe, expect, it } from 'vitest';
import {
  bodyRefusal,
  isMalformedJson,
  isMethodRefused,
  isUriTooLong,
  MAX_FORM_BODY_BYTES,
  MAX_URI_LENGTH,
} from '~/lib/http/request-limits';

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

describe('bodyRefusal', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it('lets a form of up to the limit through, on pages and actions', () => {
    const length = headers({ 'content-length': String(MAX_FORM_BODY_BYTES) });
    expect(bodyRefusal('POST', '/login/', length)).toBeNull();
    expect(bodyRefusal('POST', '/_actions/customerForm.submit/', length)).toBeNull();
  });
  it('refuses a declared length past the limit with 413, before reading', () => {
    const length = headers({ 'content-length': String(MAX_FORM_BODY_BYTES + 1) });
    expect(bodyRefusal('POST', '/login/', length)).toBe(413);
    expect(bodyRefusal('post', '/_actions/session.login/', length)).toBe(413);
  });
  it('refuses a body of unknown length with 411, and a length that is no number', () => {
    expect(bodyRefusal('POST', '/login/', headers({ 'transfer-encoding': 'chunked' }))).toBe(411);
    expect(bodyRefusal('POST', '/login/', headers({ 'content-length': '1e9' }))).toBe(411);
    expect(bodyRefusal('POST', '/login/', headers({ 'content-length': '-1' }))).toBe(411);
  });
  it('takes a post with no body at all', () => {
    expect(bodyRefusal('POST', '/guest-exit/', headers({}))).toBeNull();
  });
  it('leaves reads and the proxy, which reads its bodies within its own limit, alone', () => {
    const large = headers({ 'content-length': String(10 * MAX_FORM_BODY_BYTES) });
    expect(bodyRefusal('GET', '/login/', large)).toBeNull();
    expect(bodyRefusal('POST', '/api/bulk-lookup/', large)).toBeNull();
  });
});

describe('isMalformedJson', () => {
  it.each(['{bad', '{"a":', "{'a':1}", 'undefined'])('finds %s malformed', (text) => {
    expect(isMalformedJson(text)).toBe(true);
  });
  it.each(['{"a":1}', '[]', 'null', '', '  '])('lets %j through', (text) => {
    expect(isMalformedJson(text)).toBe(false);
  });
});
