import { describe, expect, it } from 'vitest';
import { isAnswerLost } from '~/lib/api/answer-lost';
import { addressCheckOf, toAddressCheck } from '~/lib/store-api/address-check';
import { checkoutAnswerOf, toCheckoutAnswer } from '~/lib/store-api/checkout';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { toFoundLine } from '~/lib/store-api/found-line';
import { toLineCount } from '~/lib/store-api/part-lookup';
import { failed, success, type Failure } from '~/lib/store-api/result';
import { toShippingAnswer } from '~/lib/store-api/shipping';
import { parseOrderInvoice } from '~/lib/store-api/receipt';

const refused = (status: number, body: unknown): Failure => ({ kind: 'http', status, message: '', body });

const invoice = {
  order_no_display: 701001,
  invoice_num: '1',
  date_ordered: '20261122153000',
  order_items: [{ sku: 'A', name: 'Impeller', quantity: '2', price: '3.5', your_price: 3.5, ext_price: 7 }],
  subtotal: 7,
  tax: 0,
  ship_type: '03',
  ship_charge: 0,
  total: 7,
};

describe('checkout and wallet answers', () => {
  it('read the receipt in cents and take only an http(s) wallet page', () => {
    const answer = toCheckoutAnswer({
      CODE: '0',
      ORDER_NO: 700001,
      RECEIPT: { ORDER_NO: 700001, JSONINVOICE: invoice },
    });
    expect(answer?.code).toBe(0);
    expect(answer?.orderNo).toBe('700001');
    expect(answer?.receipt?.JSONINVOICE.order_items[0]).toMatchObject({ quantity: 2, price: 350, ext_price: 700 });
    expect(toCheckoutAnswer({ PAYPAL_URL: 'https://wallet.example/pay?t=1' })?.walletUrl).toBe(
      'https://wallet.example/pay?t=1',
    );
    expect(toCheckoutAnswer({ PAYPAL_URL: 'javascript:alert(1)' })?.walletUrl).toBeNull();
    expect(toCheckoutAnswer({ CODE: 'x' })?.code).toBeNull();
    expect(toCheckoutAnswer({})).toMatchObject({ receipt: null, code: null, walletUrl: null, orderNo: '' });
  });

  it('refuse an answer that is not a record', () => {
    expect(toCheckoutAnswer('<html>')).toBeUndefined();
    expect(toCheckoutAnswer(null)).toBeUndefined();
    expect(toCheckoutAnswer([{ CODE: 0 }])).toBeUndefined();
  });

  it('are read from a refusal too, never from no answer', () => {
    const answer = toCheckoutAnswer({ CODE: 0 })!;
    expect(checkoutAnswerOf(success(answer))).toBe(answer);
    expect(checkoutAnswerOf(failed(refused(409, { CODE: 4, ORDER_NO: 'S1' })))?.orderNo).toBe('S1');
    expect(checkoutAnswerOf(failed(refused(502, 'bad gateway')))).toBeUndefined();
    expect(checkoutAnswerOf(failed({ kind: 'offline', message: 'no connection' }))).toBeUndefined();
    expect(checkoutAnswerOf(failed({ kind: 'cancelled' }))).toBeUndefined();
  });

  it('are what the table reads for both checkouts and the wallet', () => {
    for (const entry of [ENDPOINTS.customerCheckout, ENDPOINTS.guestCheckout, ENDPOINTS.walletConfirm])
      expect(entry.decode).toBe(toCheckoutAnswer);
  });
});

describe('lost answers', () => {
  it('are no answer at all, or the proxy’s own 502 and 504 marked unanswered', () => {
    expect(isAnswerLost({ kind: 'offline', message: '' })).toBe(true);
    expect(isAnswerLost(refused(504, { unanswered: true }))).toBe(true);
    expect(isAnswerLost(refused(502, { unanswered: true }))).toBe(true);
    expect(isAnswerLost(refused(502, { message: 'injected fault 502' }))).toBe(false);
    expect(isAnswerLost(refused(500, { unanswered: true }))).toBe(false);
    expect(isAnswerLost(refused(504, null))).toBe(false);
    expect(isAnswerLost({ kind: 'cancelled' })).toBe(false);
  });
});

describe('address checks', () => {
  const problem = { code: 'E.ADDRESS.INVALID', message: 'bad', field: 'zip', suggestion: '62704' };

  it('are valid with success and no errors, or an empty answer', () => {
    expect(toAddressCheck({ success: true, errors: [] })).toEqual({ valid: true });
    expect(toAddressCheck(null)).toEqual({ valid: true });
    expect(toAddressCheck('')).toEqual({ valid: true });
    expect(toAddressCheck({ success: false, errors: [] })).toEqual({ valid: false, errors: [] });
    expect(toAddressCheck({ success: true, errors: [problem, 'junk'] })).toEqual({ valid: false, errors: [problem] });
    expect(toAddressCheck({ errors: [{ message: 7, suggestion: '' }] })).toEqual({
      valid: false,
      errors: [{ code: undefined, message: '', field: undefined, suggestion: undefined }],
    });
  });

  it("list a refusal's errors, none for no answer, and nothing for a cancelled check", () => {
    expect(addressCheckOf(success({ valid: true }))).toEqual({ valid: true });
    expect(addressCheckOf(failed(refused(422, { success: false, errors: [problem] })))).toEqual({
      valid: false,
      errors: [problem],
    });
    expect(addressCheckOf(failed({ kind: 'offline', message: 'x' }))).toEqual({ valid: false, errors: [] });
    expect(addressCheckOf(failed({ kind: 'cancelled' }))).toBeNull();
    expect(ENDPOINTS.addressValidate.decode).toBe(toAddressCheck);
  });
});

describe('bulk lookup lines', () => {
  const product = {
    product_id: 2043,
    sku: '0437512',
    name: 'Impeller',
    base_price: 1299,
    unit_price: '11.99',
    ship_class: 'A',
    customer_can_buy: 1,
    sm_image: null,
    mfg_account_id: 7,
  };

  it('read a product, none, or a part the lookup did not answer', () => {
    expect(toFoundLine(JSON.stringify({ product }))).toEqual({ product });
    expect(toFoundLine('{"product":null}')).toEqual({ product: null });
    expect(toFoundLine('{"failed":true}')).toEqual({ failed: true });
  });

  it('keep a sub-cent unit price exactly, and leave out fields not sent', () => {
    const { sm_image: _image, mfg_account_id: _mfg, ...bare } = product;
    expect(toFoundLine(JSON.stringify({ product: { ...bare, unit_price: '58.455' } }))).toEqual({
      product: { ...bare, unit_price: '58.455' },
    });
    // A unit price that is not decimal text is a line the lookup did not answer.
    expect(toFoundLine(JSON.stringify({ product: { ...bare, unit_price: 58.455 } }))).toEqual({ failed: true });
  });

  it('count an unreadable line as unanswered, never as a part that does not exist', () => {
    expect(toFoundLine('{"product":')).toEqual({ failed: true });
    expect(toFoundLine('[1]')).toEqual({ failed: true });
    expect(toFoundLine(JSON.stringify({ product: { ...product, product_id: '2043' } }))).toEqual({ failed: true });
    expect(toFoundLine(JSON.stringify({ product: { ...product, base_price: 12.99 } }))).toEqual({ failed: true });
  });

  it('come to a count of lines', () => {
    expect(toLineCount(3)).toBe(3);
    expect(toLineCount('3')).toBeUndefined();
    expect(toLineCount(1.5)).toBeUndefined();
    expect(ENDPOINTS.bulkLookup.decode).toBe(toLineCount);
  });
});

describe('shipping answers', () => {
  it('keep the services this store knows, in cents, and the selected one', () => {
    expect(
      toShippingAnswer({
        selected: '03',
        available: [
          { servicelevel: '03', shipping_cost: '12.5' },
          { servicelevel: '99', shipping_cost: 1 },
        ],
      }),
    ).toEqual({ selected: '03', available: [{ code: '03', cost: 1250 }] });
    expect(toShippingAnswer({ selected: '' })).toEqual({ selected: null, available: [] });
  });

  it('refuse an answer whose services are not a list', () => {
    expect(toShippingAnswer({ available: 'none' })).toBeUndefined();
    expect(toShippingAnswer(null)).toBeUndefined();
    expect(ENDPOINTS.guestShipping.decode).toBe(toShippingAnswer);
  });
});

describe("an order's invoice", () => {
  const answer = {
    order_no_display: 601104,
    invoice_num: '3600104',
    date_ordered: '20261119033000',
    billing: { firstname: 'Casey', city: 'Salt Lake City' },
    shipping: null,
    order_items: [{ sku: '0437512', name: 'Kit', quantity: 3, price: 64.95, your_price: 58.455, ext_price: 175.37 }],
    subtotal: 175.37,
    tax: 10.7,
    ship_type: 'standard',
    ship_charge: 9.45,
    total: 195.52,
    pay_type: 'pp',
  };

  it('reads the invoice in whole cents and how the order was paid', () => {
    const read = parseOrderInvoice(answer);
    expect(read?.payMethod).toBe('pp');
    expect(read?.invoice.order_no_display).toBe('601104');
    expect(read?.invoice.order_items[0]).toEqual({
      sku: '0437512',
      name: 'Kit',
      quantity: 3,
      price: 6495,
      your_price: 5846,
      ext_price: 17537,
    });
    expect([read?.invoice.subtotal, read?.invoice.tax, read?.invoice.ship_charge, read?.invoice.total]).toEqual([
      17537, 1070, 945, 19552,
    ]);
  });

  it('shows lines that add up to the subtotal, from the exact extended prices', () => {
    const items = [
      { quantity: 3, your_price: 7.7425, ext_price: 23.2275 },
      { quantity: 1, your_price: 3.3333, ext_price: '3.3333' },
    ];
    // Each rounded alone: 23.23 + 3.33 = 26.56 under a subtotal of 26.57.
    const read = parseOrderInvoice({ ...answer, order_items: items, subtotal: 26.57 });
    expect(read?.invoice.order_items.map((item) => item.ext_price)).toEqual([2323, 334]);
  });

  it('leaves an unknown payment method unsaid, and refuses an answer without lines', () => {
    expect(parseOrderInvoice({ ...answer, pay_type: 'barter' })?.payMethod).toBeNull();
    expect(parseOrderInvoice({ ...answer, order_items: 'none' })).toBeNull();
    expect(ENDPOINTS.orderInvoice.decode({ message: 'order not found' })).toBeUndefined();
  });
});

describe('session answers', () => {
  const tokens = { token: 'acc', refreshToken: 'ref' };

  it('read a login as its tokens and the person, and refuse one without both tokens', () => {
    const user = { userid: 7, firstName: 'Ana', role: 'acai', extra: true };
    expect(ENDPOINTS.login.decode({ ...tokens, user })).toEqual({
      ...tokens,
      user: { userid: 7, firstName: 'Ana', role: 'acai' },
    });
    expect(ENDPOINTS.login.decode(tokens)).toEqual(tokens);
    expect(ENDPOINTS.login.decode({ token: 'acc', refreshToken: '' })).toBeUndefined();
    expect(ENDPOINTS.login.decode({ ...tokens, user: null })).toBeUndefined();
    expect(ENDPOINTS.login.decode({ ...tokens, user: { firstName: 3 } })).toBeUndefined();
    expect(ENDPOINTS.refresh.decode({ ...tokens, user: { firstName: 3 } })).toEqual(tokens);
    expect(ENDPOINTS.refresh.decode('ok')).toBeUndefined();
  });

  it('read an account answer as a session only when it carries one', () => {
    expect(ENDPOINTS.customerAdd.decode({ ...tokens, user: { id: 'u1' } })).toEqual({ ...tokens, user: { id: 'u1' } });
    expect(ENDPOINTS.customerUpdate.decode({ success: true })).toBeNull();
  });
});

describe('public page answers', () => {
  it('read a shipment with the fields the tracking page shows, and refuse a field of the wrong kind', () => {
    expect(
      ENDPOINTS.trackingGet.decode({
        dataType: 'easyPost',
        packageStatus: { status: 'delivered', signedby: null, weight: 3 },
        packageHistory: [{ status: 'in_transit', tracking_location: { city: 'Ogden' } }],
        internal: 'kept out',
      }),
    ).toEqual({
      dataType: 'easyPost',
      packageStatus: { status: 'delivered', signedby: null },
      packageHistory: [{ status: 'in_transit', tracking_location: { city: 'Ogden' } }],
    });
    expect(ENDPOINTS.trackingGet.decode({ dataType: 42 })).toBeUndefined();
    expect(ENDPOINTS.trackingGet.decode({ packageHistory: [{ tracking_location: { city: 1 } }] })).toBeUndefined();
    expect(ENDPOINTS.trackingGet.decode([])).toBeUndefined();
  });

  it('read the rating greeting names, none when the check has neither', () => {
    expect(ENDPOINTS.ratingGet.decode({ DEALERNAME: 'Marine Parts', FNAME: 'Ana' })).toEqual({
      dealer: 'Marine Parts',
      firstName: 'Ana',
    });
    expect(ENDPOINTS.ratingGet.decode({})).toBeNull();
    expect(ENDPOINTS.ratingGet.decode('text')).toBeNull();
    expect(ENDPOINTS.orderNumberEncode.decode({ encoded: 'x9' })).toBe('x9');
    expect(ENDPOINTS.orderNumberEncode.decode({ encoded: 9 })).toBeNull();
  });

  it('read a password reset as the store text, and leave unread answers unread', () => {
    expect(ENDPOINTS.userPasswordReset.decode({ message: 'Mail sent' })).toBe('Mail sent');
    expect(ENDPOINTS.orderCancel.decode({ anything: 1 })).toBeNull();
  });
});
