import { describe, expect, it } from 'vitest';
import {
  PUBLIC_PAGE_CACHE,
  VISITOR_PAGE_CACHE,
  carriesVisitorCookie,
  cdnSafeCaching,
  isSharedCacheable,
  markCookieDependent,
  withVary,
} from '~/lib/http/cache';

describe('carriesVisitorCookie', () => {
  it.each([
    'ps_access=abc',
    'ps_refresh=r',
    '__Host-ps_access=abc',
    '__Host-ps_refresh=r',
    'ps_session=%7B%7D',
    'ps_guest=B-1',
    'LANG=fr; ps_access=abc',
    'token=old',
    'refresh_token=old',
    'basketNum=7',
  ])('finds a session in %s', (header) => {
    expect(carriesVisitorCookie(header)).toBe(true);
  });

  it.each([null, '', 'LANG=fr', 'BASKETN=42; LANG=es', '_ga=GA1.2; theme=dark', 'ps_access=', 'ps_access_other=1'])(
    'finds none in %s',
    (header) => {
      expect(carriesVisitorCookie(header)).toBe(false);
    },
  );
});

describe('isSharedCacheable', () => {
  it('reads public and s-maxage as shared, private and no-store as not', () => {
    expect(isSharedCacheable(PUBLIC_PAGE_CACHE)).toBe(true);
    expect(isSharedCacheable('s-maxage=60')).toBe(true);
    expect(isSharedCacheable('Public')).toBe(true);
    expect(isSharedCacheable(null)).toBe(false);
    expect(isSharedCacheable(VISITOR_PAGE_CACHE)).toBe(false);
    expect(isSharedCacheable('private, no-store')).toBe(false);
    expect(isSharedCacheable('public, no-store')).toBe(false);
    expect(isSharedCacheable('no-cache')).toBe(false);
  });
});

describe('cdnSafeCaching', () => {
  const facts = { cacheControl: PUBLIC_PAGE_CACHE, setsCookie: false, visitorCookie: false };

  it('keeps the anonymous public page public and varies it on Cookie', () => {
    expect(cdnSafeCaching(facts)).toEqual({ cacheControl: PUBLIC_PAGE_CACHE, varyCookie: true });
  });

  it('makes a public page rendered for a session private', () => {
    expect(cdnSafeCaching({ ...facts, visitorCookie: true })).toEqual({
      cacheControl: VISITOR_PAGE_CACHE,
      varyCookie: true,
    });
  });

  it('makes a public page that sets a cookie (a refreshed token) private', () => {
    expect(cdnSafeCaching({ ...facts, setsCookie: true })).toEqual({
      cacheControl: VISITOR_PAGE_CACHE,
      varyCookie: true,
    });
  });

  it('makes an answer with no policy that sets a cookie private (the language_id redirect)', () => {
    expect(cdnSafeCaching({ cacheControl: null, setsCookie: true, visitorCookie: false })).toEqual({
      cacheControl: VISITOR_PAGE_CACHE,
      varyCookie: false,
    });
  });

  it('leaves stricter policies alone', () => {
    for (const cacheControl of ['no-store', 'private, no-store', VISITOR_PAGE_CACHE]) {
      for (const setsCookie of [true, false]) {
        expect(cdnSafeCaching({ cacheControl, setsCookie, visitorCookie: true })).toEqual({
          cacheControl,
          varyCookie: false,
        });
      }
    }
    expect(cdnSafeCaching({ cacheControl: null, setsCookie: false, visitorCookie: true })).toEqual({
      cacheControl: null,
      varyCookie: false,
    });
  });
});

describe('withVary', () => {
  it('adds a name once, and never to *', () => {
    expect(withVary(null, 'Cookie')).toBe('Cookie');
    expect(withVary('Accept-Encoding', 'Cookie')).toBe('Accept-Encoding, Cookie');
    expect(withVary('accept-encoding, cookie', 'Cookie')).toBe('accept-encoding, cookie');
    expect(withVary('*', 'Cookie')).toBe('*');
  });
});

describe('markCookieDependent', () => {
  it('makes a redirect private and varying on Cookie', () => {
    const response = markCookieDependent(new Response(null, { status: 302, headers: { Location: '/fr/' } }));
    expect(response.headers.get('cache-control')).toBe(VISITOR_PAGE_CACHE);
    expect(response.headers.get('vary')).toBe('Cookie');
    expect(response.headers.get('location')).toBe('/fr/');
  });
});
