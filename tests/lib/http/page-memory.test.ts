import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_CACHE, VISITOR_PAGE_CACHE } from '~/lib/http/cache';
import { mayAnswerFromMemory, mayStoreAnswerTo, memoryKey, memoryLifetime, pageViewOf } from '~/lib/http/page-memory';

const request = (target: string, cookie: string | null = null, method = 'GET') => ({ method, target, cookie });
const answer = (overrides: Partial<Parameters<typeof memoryLifetime>[0]> = {}) => ({
  status: 200,
  cacheControl: PUBLIC_PAGE_CACHE,
  vary: 'Cookie, Accept-Encoding',
  setsCookie: false,
  ...overrides,
});

describe('who may get a stored page', () => {
  it('gives it to GET and HEAD without cookies, or with cookies that do not change the page', () => {
    expect(mayAnswerFromMemory(request('/return-policy/'))).toBe(true);
    expect(mayAnswerFromMemory(request('/return-policy/', null, 'HEAD'))).toBe(true);
    expect(mayAnswerFromMemory(request('/return-policy/', 'BASKETN=B-1; _ga=GA1.2; LANG=en'))).toBe(true);
    expect(mayAnswerFromMemory(request('/fr/return-policy/', 'LANG=es'))).toBe(true);
  });

  it('renders for every other method', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(mayAnswerFromMemory(request('/return-policy/', null, method)), method).toBe(false);
  });

  it('renders for a visitor whose cookies make the page their own, under every name', () => {
    for (const cookie of [
      'ps_access=x',
      '__Host-ps_access=x',
      'ps_refresh=x',
      '__Host-ps_refresh=x',
      'ps_session=x',
      'ps_guest=x',
      'token=x',
      'refresh_token=x',
      'basketNum=1',
      'language=fr',
      'BASKETN=1; ps_session=x',
    ])
      expect(mayAnswerFromMemory(request('/return-policy/', cookie)), cookie).toBe(false);
  });

  it('leaves the LANG redirect of an unprefixed page to the site, however the path is spelled', () => {
    expect(mayAnswerFromMemory(request('/return-policy/', 'LANG=fr'))).toBe(false);
    expect(mayAnswerFromMemory(request('/return-policy/?a=1', 'LANG=pt'))).toBe(false);
    expect(mayAnswerFromMemory(request('/', 'LANG=es'))).toBe(false);
    expect(mayAnswerFromMemory(request('/return-policy/', 'LANG=en; LANG=fr'))).toBe(false);
    expect(mayAnswerFromMemory(request('/fr/../return-policy/', 'LANG=fr'))).toBe(false);
    // A LANG the site does not know sends nobody anywhere.
    expect(mayAnswerFromMemory(request('/return-policy/', 'LANG=xx'))).toBe(true);
  });

  it('stores only the answer to a GET without any cookie', () => {
    expect(mayStoreAnswerTo(request('/return-policy/'))).toBe(true);
    expect(mayStoreAnswerTo(request('/return-policy/', 'BASKETN=1'))).toBe(false);
    expect(mayStoreAnswerTo(request('/return-policy/', ''))).toBe(true);
    expect(mayStoreAnswerTo(request('/return-policy/', null, 'HEAD'))).toBe(false);
  });
});

describe('what may be stored, and for how long', () => {
  it('keeps a public page for its shared-cache lifetime', () => {
    expect(memoryLifetime(answer())).toBe(300);
    expect(memoryLifetime(answer({ cacheControl: 'public, max-age=3600' }))).toBe(3600);
    expect(memoryLifetime(answer({ status: 404 }))).toBe(300);
    expect(memoryLifetime(answer({ status: 302 }))).toBe(300);
    expect(memoryLifetime(answer({ vary: null }))).toBe(300);
  });

  it('never keeps an answer that sets a cookie, is private, or is not public', () => {
    expect(memoryLifetime(answer({ setsCookie: true }))).toBe(0);
    expect(memoryLifetime(answer({ cacheControl: VISITOR_PAGE_CACHE }))).toBe(0);
    expect(memoryLifetime(answer({ cacheControl: 'no-store' }))).toBe(0);
    expect(memoryLifetime(answer({ cacheControl: null }))).toBe(0);
    expect(memoryLifetime(answer({ cacheControl: 'max-age=600' }))).toBe(0);
    expect(memoryLifetime(answer({ cacheControl: 'public, no-cache' }))).toBe(0);
    expect(memoryLifetime(answer({ cacheControl: 'public, max-age=0' }))).toBe(0);
    expect(memoryLifetime(answer({ cacheControl: 'public, s-maxage=abc' }))).toBe(0);
  });

  it('never keeps an error, or an answer that varies on what the key does not hold', () => {
    expect(memoryLifetime(answer({ status: 500 }))).toBe(0);
    expect(memoryLifetime(answer({ status: 503 }))).toBe(0);
    expect(memoryLifetime(answer({ status: 206 }))).toBe(0);
    expect(memoryLifetime(answer({ vary: 'Cookie, Accept-Language' }))).toBe(0);
    expect(memoryLifetime(answer({ vary: '*' }))).toBe(0);
  });

  it('keys by scheme, host and the whole target', () => {
    expect(memoryKey('https', 'Shop.Example', '/return-policy/?a=1')).toBe('https://shop.example/return-policy/?a=1');
    expect(memoryKey('http', 'shop.example', '/return-policy/')).not.toBe(
      memoryKey('https', 'shop.example', '/return-policy/'),
    );
    expect(memoryKey('https', 'shop.example', '/return-policy/')).not.toBe(
      memoryKey('https', 'shop.example', '/return-policy/?logOut=true'),
    );
  });
});

describe('the page view a stored page counts', () => {
  it('is the view the guard would send: path, language of the path, referrer without query', () => {
    expect(pageViewOf('GET', '/fr/return-policy/?m=1', 'https://mail.example/open?token=x')).toEqual({
      path: '/fr/return-policy/',
      locale: 'fr',
      referrer: 'https://mail.example/open',
    });
    expect(pageViewOf('GET', '/return-policy/', null)).toEqual({ path: '/return-policy/', locale: 'en', referrer: '' });
  });

  it('is none for files and calls', () => {
    expect(pageViewOf('GET', '/robots.txt', null)).toBeNull();
    expect(pageViewOf('GET', '/sitemap.xml', null)).toBeNull();
    expect(pageViewOf('GET', '/api/a/basket/1/', null)).toBeNull();
  });
});
