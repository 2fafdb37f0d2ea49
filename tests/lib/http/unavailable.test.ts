import { describe, expect, it } from 'vitest';
import {
  answerFormNotDone,
  answerUnavailable,
  isOutageFailure,
  outageMark,
  isStoreOutage,
  retryAfterSeconds,
} from '~/lib/http/unavailable';

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

  it("marks a form's answer as an outage only when the call met one", () => {
    expect(outageMark({ kind: 'offline', message: 'fetch failed' })).toEqual({ outage: true });
    expect(outageMark({ kind: 'http', status: 422, message: '', body: null })).toEqual({});
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

  it("answers a form not carried out 503 when the store API was out, else 400 with the page's own caching", () => {
    const outage = { status: 200, headers: new Headers({ 'Cache-Control': 'private' }) };
    answerFormNotDone(outage, true);
    expect(outage.status).toBe(503);
    expect(outage.headers.get('Cache-Control')).toBe('no-store');
    const refused = { status: 200, headers: new Headers({ 'Cache-Control': 'private' }) };
    answerFormNotDone(refused, false);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Retry-After')).toBeNull();
    expect(refused.headers.get('Cache-Control')).toBe('private');
  });
});
