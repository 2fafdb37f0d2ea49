import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { applyForwardedTrust } from '../../deploy/forwarded.mjs';

const requestFrom = (remoteAddress: string, headers: Record<string, string>) =>
  ({ socket: { remoteAddress }, headers: { ...headers } }) as unknown as IncomingMessage;

describe('applyForwardedTrust', () => {
  const forwarded = {
    'x-forwarded-proto': 'HTTPS, http',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-port': '8443',
    'x-forwarded-for': '203.0.113.9',
  };

  it('keeps the scheme and client address from a trusted proxy, never its host or port', () => {
    const req = requestFrom('127.0.0.1', forwarded);
    applyForwardedTrust(req, ['127.0.0.1']);
    expect(req.headers).toEqual({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
  });

  it('keeps only the address the trusted proxy saw, not the ones the visitor wrote before it', () => {
    const req = requestFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 10.0.0.1 , 203.0.113.9' });
    applyForwardedTrust(req, ['127.0.0.1']);
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('drops every forwarded header from any other peer', () => {
    const req = requestFrom('198.51.100.7', forwarded);
    applyForwardedTrust(req, ['127.0.0.1']);
    expect(req.headers).toEqual({});
  });

  it('drops a scheme other than http or https', () => {
    const req = requestFrom('127.0.0.1', { 'x-forwarded-proto': 'javascript' });
    applyForwardedTrust(req, ['127.0.0.1']);
    expect(req.headers['x-forwarded-proto']).toBeUndefined();
  });
});
