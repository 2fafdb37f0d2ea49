import { describe, expect, it } from 'vitest';
import { answerUnavailable, isOutageFailure, isStoreOutage, retryAfterSeconds } from '~/lib/http/unavailable';

describe('store outage', () => {
  it('is no answer (502, 504) or the store API saying it is unavailable (503), never a refusal of the request', () => {
    expect([502, 503, 504].map(isStoreOutage)).toEqual([true, true, true]);
    expect([0, 400, 401, 404, 409, 429, 500].map(isStoreOutage)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads a failed call as an outage when nothing answered or the store API said it is unavailable', () => {
    expect(isOutageFailure({ kind: 'offline', message: 'store API timeout' })).toBe(true);
    expect(isOutageFailure({ kind: 'http', status: 503, message: '', body: null })).toBe(true);
    expect(isOutageFailure({ kind: 'http', status: 404, message: '', body: null })).toBe(false);
    expect(isOutageFailure({ kind: 'cancelled' })).toBe(false);
  });

  it('asks to come back once the open breaker lets a probe through, in whole seconds', () => {
    expect(retryAfterSeconds(10_000)).toBe(10);
    expect(retryAfterSeconds(2500)).toBe(3);
    expect(retryAfterSeconds(100)).toBe(1);
  });

  it('answers 503 with Retry-After, never cached, whatever caching the page set', () => {
    const response = { status: 200, headers: new Headers({ 'Cache-Control': 'public, max-age=300' }) };
    answerUnavailable(response);
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});
