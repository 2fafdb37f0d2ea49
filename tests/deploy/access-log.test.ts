import { describe, expect, it } from 'vitest';
import { accessEntry, loggablePath, routeLabel } from '../../deploy/access-log.mjs';

describe('access line', () => {
  it('keeps the path and drops the query, where tracking numbers and return targets live', () => {
    expect(loggablePath('/public/tracking/?trackingNumber=1Z999&email=a@b.c')).toBe('/public/tracking/');
    expect(loggablePath('/login/?redirect=%2Faccount-settings%2F')).toBe('/login/');
  });

  it('logs the route pattern: wallet tokens, baskets, orders and rating links become {id}', () => {
    expect(loggablePath('/api/a/paypal/EC-7XK29341AB123/capture/')).toBe('/api/a/paypal/{id}/capture/');
    expect(loggablePath('/payment-success/?token=EC-7XK29341AB123')).toBe('/payment-success/');
    expect(loggablePath('/api/a/guest/600123/')).toBe('/api/a/guest/{id}/');
    expect(loggablePath('/public/rate/aGVsbG8gd29ybGQgaGVsbG8gd29ybGQ/')).toBe('/public/rate/{id}/');
    expect(loggablePath('/fr/return-policy/')).toBe('/fr/return-policy/');
    expect(loggablePath('/_astro/CartIsland.dQTM3JM4.js')).toBe('/_astro/CartIsland.dQTM3JM4.js');
  });

  it('masks a path segment that holds an e-mail', () => {
    expect(loggablePath('/api/v2/orders/someone@example.com/')).toBe('/api/v2/orders/{email}/');
    expect(loggablePath('/x/someone%40example.com')).toBe('/x/{email}');
  });

  it('reports method, status, duration and request id', () => {
    expect(
      accessEntry({
        method: 'PATCH',
        target: '/api/a/item/1/2/?basketNum=9',
        status: 200,
        durationMs: 12.345,
        requestId: 'r-1',
        aborted: false,
      }),
    ).toEqual({
      method: 'PATCH',
      path: '/api/a/item/{id}/{id}/',
      status: 200,
      durationMs: 12.3,
      requestId: 'r-1',
    });
    expect(
      accessEntry({ method: 'GET', target: '/', status: 200, durationMs: 1, requestId: 'r', aborted: true }),
    ).toMatchObject({ aborted: true });
  });
});

describe('metrics route', () => {
  it('names pages without their language and folds identifiers of proxy calls', () => {
    expect(routeLabel('/fr/return-policy/', 200)).toBe('/return-policy/');
    expect(routeLabel('/pt', 200)).toBe('/');
    expect(routeLabel('/api/a/basket/123456/', 200)).toBe('/api/a/basket/{id}/');
    expect(routeLabel('/api/admin/public/rate_merchant/NjAwMzAy.VwW3UWrPS-ZxZFpB', 200)).toBe(
      '/api/admin/public/rate_merchant/{id}',
    );
    expect(routeLabel('/_astro/page.Bx12.js', 200)).toBe('/_astro/');
  });

  it('puts whatever a client invents under one name', () => {
    expect(routeLabel('/anything/at/all/', 404)).toBe('not-found');
    expect(routeLabel('/x', 301)).toBe('redirect');
    expect(routeLabel('/random/', 405)).toBe('refused');
    expect(routeLabel('/api/whatever/', 403)).toBe('refused');
  });
});
