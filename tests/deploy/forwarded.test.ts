import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { applyForwardedTrust } from '../../deploy/forwarded.mjs';
import { clientAddressThrough, trustedProxies } from '~/trusted-proxies';

const requestFrom = (remoteAddress: string, headers: Record<string, string>) =>
  ({ socket: { remoteAddress }, headers: { ...headers } }) as unknown as IncomingMessage;
const loopback = trustedProxies(['127.0.0.1']);

describe('applyForwardedTrust', () => {
  const forwarded = {
    'x-forwarded-proto': 'HTTPS, http',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-port': '8443',
    'x-forwarded-for': '203.0.113.9',
  };

  it('keeps the scheme and client address from a trusted proxy, never its host or port', () => {
    const req = requestFrom('127.0.0.1', forwarded);
    applyForwardedTrust(req, loopback);
    expect(req.headers).toEqual({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
  });

  it('keeps only the address the trusted proxy saw, not the ones the visitor wrote before it', () => {
    const req = requestFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 10.0.0.1 , 203.0.113.9' });
    applyForwardedTrust(req, loopback);
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('walks back through a balancer that is trusted too', () => {
    const req = requestFrom('::ffff:127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.1.2.3' });
    applyForwardedTrust(req, trustedProxies(['127.0.0.1', '10.0.0.0/8']));
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('drops every forwarded header from any other peer', () => {
    const req = requestFrom('198.51.100.7', forwarded);
    applyForwardedTrust(req, loopback);
    expect(req.headers).toEqual({});
  });

  it('drops a scheme other than http or https', () => {
    const req = requestFrom('127.0.0.1', { 'x-forwarded-proto': 'javascript' });
    applyForwardedTrust(req, loopback);
    expect(req.headers['x-forwarded-proto']).toBeUndefined();
  });
});

describe('clientAddressThrough', () => {
  const chain = trustedProxies(['127.0.0.1', '::1', '10.0.0.0/8', '2001:db8::/32']);

  it('is the peer itself when the peer is no trusted proxy, whatever it forwards', () => {
    expect(clientAddressThrough('198.51.100.7', '10.0.0.1, 203.0.113.9', chain)).toBe('198.51.100.7');
  });

  it('takes one entry per trusted hop from the right, and stops at the first address no proxy owns', () => {
    expect(clientAddressThrough('127.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.7, 10.200.0.1', chain)).toBe('203.0.113.9');
    expect(clientAddressThrough('::1', ['1.1.1.1, 2001:db8::5', '2001:db8::6'], chain)).toBe('1.1.1.1');
  });

  it('keeps the last trusted address when the chain runs out or holds something that is no address', () => {
    expect(clientAddressThrough('127.0.0.1', '10.0.0.9', chain)).toBe('10.0.0.9');
    expect(clientAddressThrough('127.0.0.1', 'unknown, 10.0.0.9', chain)).toBe('10.0.0.9');
    expect(clientAddressThrough('127.0.0.1', undefined, chain)).toBe('127.0.0.1');
  });

  it('reads IPv4-mapped peers as IPv4, and ranges by their prefix', () => {
    const ranges = trustedProxies(['192.168.0.0/16']);
    expect(ranges.has('::ffff:192.168.4.4')).toBe(true);
    expect(ranges.has('192.169.0.1')).toBe(false);
    expect(ranges.has('not-an-address')).toBe(false);
  });
});
