import { describe, expect, it } from 'vitest';
import {
  isLookupValid,
  lookupFromQuery,
  lookupQuery,
  lookupStateOf,
  shownLookupErrors,
  validateLookup,
  withoutLookupQuery,
} from '~/features/orders/guest-lookup';

describe('guest lookup form (checkout §5)', () => {
  const valid = { email: 'ana@example.com', mode: 'order' as const, orderNo: '1123', invoiceNo: '' };

  it('needs a valid e-mail and a numeric order number', () => {
    expect(validateLookup(valid)).toEqual({});
    expect(validateLookup({ ...valid, email: '' })).toEqual({ email: 'required' });
    expect(validateLookup({ ...valid, email: 'ana@' })).toEqual({ email: 'email' });
    expect(validateLookup({ ...valid, orderNo: '' })).toEqual({ orderNo: 'required' });
    expect(validateLookup({ ...valid, orderNo: '11a' })).toEqual({ orderNo: 'numeric' });
  });

  it('needs the invoice number in invoice mode and ignores the order number there', () => {
    expect(validateLookup({ ...valid, mode: 'invoice', orderNo: 'x' })).toEqual({ invoiceNo: 'required' });
    expect(isLookupValid({ ...valid, mode: 'invoice', orderNo: 'x', invoiceNo: 'INV-7' })).toBe(true);
  });

  it('prefills from the query, an invoice number alone choosing invoice mode', () => {
    expect(lookupFromQuery('?email=a%40b.co&order_no=12')).toEqual({
      email: 'a@b.co',
      mode: 'order',
      orderNo: '12',
      invoiceNo: '',
    });
    expect(lookupFromQuery('invoice_no=INV-3')).toEqual({
      email: '',
      mode: 'invoice',
      orderNo: '',
      invoiceNo: 'INV-3',
    });
    expect(lookupFromQuery('')).toEqual({ email: '', mode: 'order', orderNo: '', invoiceNo: '' });
  });

  it('reads a posted form by its chosen mode, whatever else it carries', () => {
    const posted = new URLSearchParams({ email: 'a@b.co', mode: 'invoice', order_no: '12', invoice_no: 'INV-3' });
    expect(lookupFromQuery(posted)).toEqual({ email: 'a@b.co', mode: 'invoice', orderNo: '12', invoiceNo: 'INV-3' });
    expect(lookupFromQuery('mode=other&invoice_no=INV-3').mode).toBe('invoice');
  });

  it('takes what names a lookup out of an address, keeping the rest', () => {
    expect(withoutLookupQuery('?utm=mail&email=a%40b.co&order_no=12&invoice_no=I&mode=order')).toBe('?utm=mail');
    expect(withoutLookupQuery('?email=a%40b.co&order_no=12')).toBe('');
    expect(withoutLookupQuery('?_action=orders.lookup')).toBe('?_action=orders.lookup');
  });

  it('reads the first order of the answer; none, 404 or 400 is not found, 429 is limited', () => {
    const record = { orderno: { order_no: 1 } };
    expect(lookupStateOf({ ok: true, value: [record] })).toEqual({ state: 'success', order: record, error: null });
    expect(lookupStateOf({ ok: true, value: [] }).state).toBe('notFound');
    const http = (status: number, message = '') =>
      lookupStateOf({ ok: false, failure: { kind: 'http', status, message, body: null } });
    expect(http(404).state).toBe('notFound');
    expect(http(400).state).toBe('notFound');
    expect(http(429).state).toBe('limited');
    expect(http(500, 'database down')).toEqual({ state: 'error', order: null, error: { text: 'database down' } });
    expect(lookupStateOf({ ok: false, failure: { kind: 'offline', message: 'store API unreachable' } })).toEqual({
      state: 'error',
      order: null,
      error: null,
    });
  });

  it('sends the e-mail and the number of the chosen mode, trimmed', () => {
    expect(lookupQuery({ ...valid, email: ' ana@example.com ' })).toEqual({
      email: 'ana@example.com',
      order_no: '1123',
    });
    expect(lookupQuery({ ...valid, mode: 'invoice', invoiceNo: ' INV-2 ' })).toEqual({
      email: 'ana@example.com',
      invoice_no: 'INV-2',
    });
  });

  it('shows every error after a post, and after a link only those of the values it gave', () => {
    const linked = lookupFromQuery('?order_no=12a');
    expect(shownLookupErrors(linked, true)).toEqual({ email: 'required', orderNo: 'numeric' });
    expect(shownLookupErrors(linked, false)).toEqual({ orderNo: 'numeric' });
    expect(shownLookupErrors(lookupFromQuery(''), false)).toEqual({});
  });
});
