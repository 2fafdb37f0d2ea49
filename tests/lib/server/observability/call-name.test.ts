import { describe, expect, it } from 'vitest';
import { upstreamCallName } from '~/lib/server/observability/call-name';
import { outcomeOf } from '~/lib/server/observability/upstream';

describe('upstream call name', () => {
  it('is the allowlist pattern, never the identifiers of the path', () => {
    expect(upstreamCallName('get', 'a/basket/123456')).toBe('GET a/basket/{basketNum}');
    expect(upstreamCallName('GET', 'a/tracking/1Z999AA10123456784')).toBe('GET a/tracking/{trackingNumber}');
    expect(upstreamCallName('POST', 'admin/public/rate_merchant/NjAwMzAy.VwW3UWrPS-ZxZFpB')).toBe(
      'POST admin/public/rate_merchant/{orderNoEnc}',
    );
    expect(upstreamCallName('POST', '/v2/auth/login?x=1')).toBe('POST v2/auth/login');
  });

  it('keeps only the first segment of a call the allowlist does not know', () => {
    expect(upstreamCallName('GET', 'a/secret/someone@example.com')).toBe('GET a/…');
    expect(upstreamCallName('GET', 'Weird Path/x')).toBe('GET ?/…');
  });
});

describe('upstream outcome', () => {
  it('counts 5xx and missing answers as failures, other statuses as answered', () => {
    expect(outcomeOf(200, null)).toBe('ok');
    expect(outcomeOf(404, null)).toBe('ok');
    expect(outcomeOf(502, null)).toBe('status');
    expect(outcomeOf(null, 'timeout')).toBe('timeout');
    expect(outcomeOf(null, 'unreachable')).toBe('unreachable');
  });
});
