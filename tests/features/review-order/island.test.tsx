// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { resetRequests } from '~/lib/api/requests.store';
import ReviewOrderIsland from '~/features/review-order/ReviewOrderIsland';
import { resetReview, type ReviewStart } from '~/features/review-order/review-order.store';
import { SUBMIT_ANYWAY_PAUSE_MS } from '~/features/review-order/review-order';
import { readAddress, type Address } from '~/lib/store-api/addresses';
import { toBasket } from '~/lib/store-api/basket';
import { toShippingAnswer } from '~/lib/store-api/shipping';
import { json } from '../../support/island-api';
import {
  ADDRESS,
  BASKET_ANSWER,
  fakeReviewOrderBrowser,
  RECEIPT,
  REVIEW_ORDER_PROPS,
  shippingAnswer,
} from '../../support/review-order-fixtures';

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[] = [];
let navigated: string[] = [];
let stored: Record<string, string> = {};

type Handler = (call: Call) => Response | Promise<Response | undefined> | undefined;

function serve(extra: Handler = () => undefined) {
  replaceBrowser({
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const text = request.method === 'GET' ? '' : await request.text();
      const url = new URL(request.url);
      const call = {
        method: request.method,
        path: url.pathname.replace(/^\/api\//, ''),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const custom = await extra(call);
      if (custom) return custom;
      if (call.path.startsWith('a/user/shipping/')) return json(200, shippingAnswer(call.body));
      if (call.path === 'a/user/') return json(200, { shipping: ADDRESS, billing: ADDRESS, user: { id: 1 } });
      if (call.path.startsWith('a/basket/') && call.method === 'GET') return json(200, BASKET_ANSWER);
      if (call.path.startsWith('a/basket/') && call.method === 'POST') return json(200, { ok: true });
      if (call.path.startsWith('v2/reports/'))
        return json(200, { status: 'green', in_stock: [], non_stocked: [], date: '2999-01-01' });
      if (call.path.startsWith('a/user/checkout/')) return json(200, { RECEIPT });
      return json(404, { message: 'not found' });
    },
  });
}

const props = {
  ...REVIEW_ORDER_PROPS,
  guest: false,
  engineNote: 'F115',
  brandBadges: { 1: '/images/fallback-omc.svg' },
};

/** What the cart or the customer form left flagged in the tab's storage, as the page finds it. */
const setStored = (key: string, value: string) => (stored[key] = value);

beforeEach(() => {
  calls = [];
  resetRequests();
  resetReview();
  ({ navigated, stored } = fakeReviewOrderBrowser());
});
afterEach(() => cleanup());

/** The first element comes before the second on the page. */
function expectBefore(first: Element, second: Element) {
  expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('radio', { name: 'Credit or debit card' }));
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Security code (CVV)' }), '123');
}

/** What the page's server read brings when every read answered. */
function serverRead(): ReviewStart {
  const address = readAddress({ ...ADDRESS, firstname: 'Sam' }) as Address;
  return {
    addresses: { shipping: address, billing: address },
    shipping: toShippingAnswer(shippingAnswer({ serviceLevel: '01' })) ?? null,
    basket: toBasket(BASKET_ANSWER),
  };
}

/** The island's calls for the first screen: addresses, shipping and the basket. */
const firstScreenCalls = () =>
  calls
    .filter((call) => /^a\/(user\/(shipping\/.*)?|guest\/.*|basket\/.*)$/.test(call.path))
    .map((call) => `${call.method} ${call.path}`);

describe('review order island starting from what the server read', () => {
  it('shows it and asks for none of it again, clearing what the cart and the form flagged', async () => {
    setStored('mustBeReloaded', JSON.stringify(['address', 'taxShippingUnavailable']));
    serve();
    render(<ReviewOrderIsland {...props} start={serverRead()} />);
    expect(screen.getByRole('region', { name: 'Shipping address' }).textContent).toContain('Sam Diaz');
    expect(screen.getByRole('radio', { name: /Rush/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('row', { name: /Impeller/ })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(stored['mustBeReloaded'] ?? 'null')).toEqual([]));
    expect(firstScreenCalls()).toEqual([]);
  });

  it("draws Place order disabled before it wakes, with the woken page's note under it, so nothing moves as it wakes", async () => {
    serve();
    const drawn = document.createElement('div');
    drawn.innerHTML = renderToString(<ReviewOrderIsland {...props} start={serverRead()} />);
    expect(drawn.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
    const note = drawn.querySelector('#review-blocker')?.textContent;
    expect(note).toBe('Choose a payment method to place your order.');
    render(<ReviewOrderIsland {...props} start={serverRead()} />);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toHaveProperty('disabled', false),
    );
    expect(document.querySelector('#review-blocker')?.textContent).toBe(note);
  });

  it.each([
    ['addresses', { addresses: null, shipping: null, basket: null }, "can't get address"],
    ['shipping', { shipping: null, basket: null }, 'shipping'],
    ['basket', { basket: null }, 'couldn’t load your cart'],
  ] as const)(
    'draws the %s the store API was out for as its error, Try again a link until it wakes, and asks nothing as it wakes',
    async (outage, unread, words) => {
      serve();
      const start: ReviewStart = { ...serverRead(), ...unread, outage };
      const drawn = document.createElement('div');
      drawn.innerHTML = renderToString(<ReviewOrderIsland {...props} start={start} />);
      const alerts = within(drawn)
        .getAllByRole('alert')
        .filter((alert) => alert.textContent.includes('Try again') || alert.textContent.includes('Retry'));
      expect(
        alerts
          .map((alert) => alert.textContent)
          .join(' ')
          .toLowerCase(),
      ).toContain(words.toLowerCase());
      expect(within(drawn).queryByText('Loading your order…')).toBeNull();
      for (const alert of alerts)
        expect(
          within(alert)
            .getByRole('link', { name: /Try again|Retry/ })
            .getAttribute('href'),
        ).toBe('/review-order/');
      render(<ReviewOrderIsland {...props} start={start} />);
      await waitFor(() => expect(screen.getAllByRole('button', { name: /Try again|Retry/ }).length).toBeGreaterThan(0));
      expect(firstScreenCalls()).toEqual([]);
      await userEvent.click(screen.getAllByRole('button', { name: /Try again|Retry/ })[0]!);
      expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
    },
  );

  it('loads itself only the part it was not given', async () => {
    serve();
    render(<ReviewOrderIsland {...props} start={{ ...serverRead(), basket: null }} />);
    expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
    expect(firstScreenCalls()).toEqual(['GET a/basket/B123/']);
  });
});

describe('review order island', () => {
  it("shows the customer answer's names and links the summary to the cart in edit mode", async () => {
    const answered = { ...ADDRESS, firstname: undefined, lastname: undefined, firstName: 'Casey', lastName: 'Marsh' };
    serve((call) =>
      call.path === 'a/user/' ? json(200, { shipping: answered, billing: answered, user: { id: 1 } }) : undefined,
    );
    render(<ReviewOrderIsland {...props} />);
    expect((await screen.findByRole('region', { name: 'Shipping address' })).textContent).toContain('Casey Marsh');
    expect((await screen.findByRole('link', { name: 'Edit: Order summary' })).getAttribute('href')).toBe('/?edit=true');
  });

  it('a failed address load offers a retry that goes on to shipping and basket; no address at all goes home', async () => {
    let failures = 1;
    serve((call) =>
      call.path === 'a/user/' && failures-- > 0
        ? json(504, { message: 'The store did not answer in time. Please, try again' })
        : undefined,
    );
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("can't get address");
    expect(navigated).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
    expect((await screen.findByRole('region', { name: 'Shipping address' })).textContent).toContain('Ana Diaz');
    cleanup();
    resetReview();
    serve((call) => (call.path === 'a/user/' ? json(404, { message: 'not found' }) : undefined));
    render(<ReviewOrderIsland {...props} />);
    await waitFor(() => expect(navigated).toEqual(['/']));
  });

  it('reads address, shipping and basket fresh and then clears what the cart and the form flagged', async () => {
    setStored('mustBeReloaded', JSON.stringify(['shipping', 'basket', 'address', 'taxShippingUnavailable']));
    serve();
    render(<ReviewOrderIsland {...props} />);
    expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(stored['mustBeReloaded'] ?? 'null')).toEqual([]));
    expect(
      calls.filter(
        (call) =>
          call.path === 'a/user/' || call.path.startsWith('a/user/shipping/') || call.path.startsWith('a/basket/'),
      ).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('after an address change shipping is priced first and the basket read with its new amounts', async () => {
    setStored('mustBeReloaded', JSON.stringify(['shipping', 'basket', 'address']));
    serve();
    render(<ReviewOrderIsland {...props} />);
    expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
    const order = calls
      .map((call) => call.path)
      .filter(
        (path) => path.startsWith('a/user/shipping/') || (path.startsWith('a/basket/') && !path.includes('language')),
      );
    expect(order[0]).toMatch(/^a\/user\/shipping\//);
    expect(order[1]).toMatch(/^a\/basket\//);
  });

  it('after a country or state change tax and shipping read unavailable while shipping cannot be priced', async () => {
    setStored('mustBeReloaded', JSON.stringify(['shipping', 'basket', 'address', 'taxShippingUnavailable']));
    serve((call) => (call.path.startsWith('a/user/shipping/') ? json(500, { message: 'down' }) : undefined));
    render(<ReviewOrderIsland {...props} />);
    expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
    expect(screen.getByTestId('tax-shipping-unavailable').textContent).toBe(
      'Tax and shipping are unavailable until shipping is priced for the new address.',
    );
    expect(screen.getByTestId('shipping').textContent).toBe('Unavailable');
    expect(screen.getByTestId('tax').textContent).toBe('Unavailable');
    expect(screen.getByTestId('total').textContent).toBe('$20.00');
    expect(JSON.parse(stored['mustBeReloaded'] ?? 'null')).toContain('taxShippingUnavailable');
  });

  it('without a country or state change the summary shows the amounts', async () => {
    setStored('mustBeReloaded', JSON.stringify(['shipping', 'basket', 'address']));
    serve((call) => (call.path.startsWith('a/user/shipping/') ? json(500, { message: 'down' }) : undefined));
    render(<ReviewOrderIsland {...props} />);
    expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
    expect(screen.queryByTestId('tax-shipping-unavailable')).toBeNull();
    expect(screen.getByTestId('tax').textContent).toBe('$1.00');
  });

  it('places one order on a double click and stores the receipt under the basket key', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve(async (call) => {
      if (call.path.startsWith('a/user/checkout/')) {
        await gate;
        return json(200, { RECEIPT });
      }
      return undefined;
    });
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    await fillCard(user, '4111111111111111');
    const button = screen.getByRole('button', { name: /^Place order/ });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.dblClick(button);
    release();
    await waitFor(() => expect(navigated).toContain('/payment-success/'));
    expect(calls.filter((call) => call.path.startsWith('a/user/checkout/'))).toHaveLength(1);
    const language = calls.findIndex((call) => call.method === 'POST' && call.path.startsWith('a/basket/'));
    const checkout = calls.findIndex((call) => call.path.startsWith('a/user/checkout/'));
    expect(language).toBeGreaterThanOrEqual(0);
    expect(language).toBeLessThan(checkout);
    // The server recorded the order with the answer: the tab keeps no receipt, and card data never reaches storage.
    expect(JSON.stringify(stored)).not.toContain(String(RECEIPT.ORDER_NO));
    expect(JSON.stringify(stored)).not.toContain('4111111111111111');
    const body = calls.find((call) => call.path.startsWith('a/user/checkout/'))?.body as Record<string, string>;
    expect(body['order_notes']).toBe('F115');
    expect(body['cardNumber']).toBe('4111111111111111');
  });

  it('warns at a number of a network the store does not take, naming those it takes; Place order becomes "Submit anyway" and sends once the warning has stood', async () => {
    serve();
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    await fillCard(user, '3566002020360505');
    const placeOrder = screen.getByRole('button', { name: 'Place order · $29.00' });
    // The clock stands still between the presses, however busy the machine, until it is moved on.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    onTestFinished(() => clock.mockRestore());
    await user.click(placeOrder);
    const warning = (
      await screen.findByText(/We take Visa, Mastercard, Maestro, American Express and Discover/)
    ).closest<HTMLElement>('[role="alert"]');
    if (!warning) throw new Error('the warning is not announced');
    expectBefore(warning, screen.getByRole('radio', { name: 'PayPal' }));
    expect(placeOrder.textContent).toBe('Submit anyway');
    // A second click at once (a double click) sends nothing.
    await user.click(placeOrder);
    expect(calls.some((call) => call.path.startsWith('a/user/checkout/'))).toBe(false);
    clock.mockReturnValue(1_000_000 + SUBMIT_ANYWAY_PAUSE_MS);
    await user.click(placeOrder);
    await waitFor(() => expect(navigated).toContain('/payment-success/'));
  });

  it('says a number no card has could only be declined, and offers no way to send it', async () => {
    serve();
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    await fillCard(user, '4111111111111112');
    expect(await screen.findByText(/No card has this number: .* so it could only be declined\./)).toBeTruthy();
    const placeOrder = screen.getByRole<HTMLButtonElement>('button', { name: 'Place order · $29.00' });
    expect(placeOrder.disabled).toBe(true);
    await user.click(placeOrder);
    expect(calls.some((call) => call.path.startsWith('a/user/checkout/'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Submit anyway' })).toBeNull();
  });

  it("shows the decline at the card in the shopper's words, says nothing was charged, and the grey button says to change the payment until it changes", async () => {
    serve((call) =>
      call.path.startsWith('a/user/checkout/')
        ? json(402, { message: 'This transaction has been declined.' })
        : undefined,
    );
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: /^Place order/ }));
    const decline = await screen.findByText(/This transaction has been declined\./);
    expect(decline.textContent).toContain('Your card was not charged.');
    expectBefore(decline, screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Change payment to try again' }).disabled).toBe(true);
    const cardNumber = screen.getByRole('textbox', { name: 'Card number' });
    await waitFor(() => expect(document.activeElement).toBe(cardNumber));
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Place order/ }).disabled).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Credit or debit card' }));

    // Declined again: this time only the security code changes, and that is enough.
    await user.click(screen.getByRole('button', { name: /^Place order/ }));
    expect(await screen.findByText(/This transaction has been declined\./)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Change payment to try again' }).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Security code (CVV)' }), '4');
    expect(screen.queryByText(/This transaction has been declined\./)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Place order/ }).disabled).toBe(false);
  });

  it('a lost checkout answer says the order may have been placed, and the check sends it again to show its receipt', async () => {
    let lose = true;
    serve((call) => {
      if (!call.path.startsWith('a/user/checkout/')) return undefined;
      if (lose) {
        lose = false;
        return json(504, { message: 'The store did not answer in time. Please, try again', unanswered: true });
      }
      return json(200, { RECEIPT });
    });
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    await fillCard(user, '4111111111111111');
    await user.click(screen.getByRole('button', { name: /^Place order/ }));
    expect(await screen.findByText(/your order may already have been placed/)).toBeTruthy();
    const check = screen.getByRole<HTMLButtonElement>('button', { name: 'Check my order' });
    expect(check.disabled).toBe(false);
    await user.click(check);
    await waitFor(() => expect(navigated).toContain('/payment-success/'));
    expect(calls.filter((call) => call.path.startsWith('a/user/checkout/'))).toHaveLength(2);
  });

  it('offers submitting without payment only where the store enables it, and sends no card data with it', async () => {
    serve();
    const user = userEvent.setup();
    const { unmount } = render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    expect(screen.queryByRole('radio', { name: 'Submit without payment' })).toBeNull();
    unmount();
    resetReview();
    render(<ReviewOrderIsland {...props} offlineEnabled />);
    await screen.findByText('Impeller');
    await user.click(screen.getByRole('radio', { name: 'Submit without payment' }));
    expect(screen.getByText(/We will contact you to take the payment/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Place order/ }));
    await waitFor(() => expect(navigated).toContain('/payment-success/'));
    const checkout = calls.find((call) => call.path.startsWith('a/user/checkout/'));
    expect(checkout?.body).toEqual({ payType: 'ol', order_notes: 'F115' });
  });

  it('stops with a connection problem when the basket language cannot be set', async () => {
    serve((call) =>
      call.method === 'POST' && call.path.startsWith('a/basket/') ? json(500, { message: 'boom' }) : undefined,
    );
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    await fillCard(user, '4111111111111111');
    await user.click(screen.getByRole('button', { name: /^Place order/ }));
    expect(await screen.findByText('There was a problem with the connection. Please try again.')).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('a/user/checkout/'))).toBe(false);
  });

  it('shows the shipping error block with retry, and a new option reloads the basket', async () => {
    let failShipping = true;
    serve((call) =>
      call.path.startsWith('a/user/shipping/') && failShipping ? json(500, { message: 'down' }) : undefined,
    );
    const user = userEvent.setup();
    render(<ReviewOrderIsland {...props} />);
    expect(await screen.findByText('There was an error retrieving shipping options for your location.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /support@example.com/ })).toBeTruthy();
    failShipping = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const rush = await screen.findByRole('radio', { name: /Rush, next day/ });
    const basketReads = calls.filter((call) => call.method === 'GET' && call.path.startsWith('a/basket/')).length;
    await user.click(rush);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path.startsWith('a/basket/')).length).toBe(
        basketReads + 1,
      ),
    );
    expect(calls.some((call) => (call.body as { serviceLevel?: string } | undefined)?.serviceLevel === '01')).toBe(
      true,
    );
    expect(screen.getByText('Arrives the next business day')).toBeTruthy();
    // The choice is the shopper's: review opens with it again rather than with free no-rush.
    expect(document.cookie).toContain(`ps_ship_chosen=${props.basketNum}`);
  });

  it('disables Place Order for a banned mix and preselects the wallet on return', async () => {
    serve((call) =>
      call.method === 'GET' && call.path.startsWith('a/basket/')
        ? json(200, {
            ORDER: { orderTotal: 29, shipping: 8, tax: 1 },
            BASKET: [
              {
                product_id: 1,
                sku: 'S1',
                name: 'Suzuki pump',
                quantity: 1,
                pricediscounted: 10,
                extprice: 10,
                mfg_account_id: 24,
                ship_class: 'now',
              },
              {
                product_id: 2,
                sku: 'Y1',
                name: 'Yamaha filter',
                quantity: 1,
                pricediscounted: 10,
                extprice: 10,
                mfg_account_id: 10,
                ship_class: 'now',
              },
            ],
          })
        : undefined,
    );
    render(<ReviewOrderIsland {...props} walletToken />);
    await screen.findByText('Suzuki pump');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'PayPal' }).checked).toBe(true);
    expect(screen.getByText(/cannot be mixed/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Place order/ }).disabled).toBe(true);
    // Not a dead end: the banned line is marked and a new cart is one link away, as in the cart.
    expect(screen.getByRole('link', { name: 'Start a new cart' }).getAttribute('href')).toBe('/?new-cart=true');
    const suzuki = screen.getByText('Suzuki pump').closest('tr');
    const yamaha = screen.getByText('Yamaha filter').closest('tr');
    expect(suzuki?.className).toContain('review__line--banned');
    expect(suzuki?.textContent).toContain('This manufacturer must be ordered separately.');
    expect(yamaha?.className ?? '').not.toContain('review__line--banned');
    // The summary opens by itself on a phone when a line needs the shopper.
    expect(screen.getByRole('button', { name: /^Hide order summary/ }).getAttribute('aria-expanded')).toBe('true');
    // Back from the wallet without approving: said in words.
    expect(screen.getByText('Your PayPal payment was cancelled.')).toBeTruthy();
  });

  it('flags a line that asks for more than the warehouse holds, and says nothing of a cancelled wallet otherwise', async () => {
    serve((call) =>
      call.method === 'GET' && call.path.startsWith('a/basket/')
        ? json(200, {
            ORDER: { orderTotal: 38, shipping: 8, tax: 0 },
            BASKET: [
              {
                product_id: 1,
                sku: 'A1',
                name: 'Impeller',
                quantity: 3,
                inventory: 1,
                pricediscounted: 10,
                extprice: 30,
                mfg_account_id: 10,
                ship_class: 'now',
              },
            ],
          })
        : undefined,
    );
    render(<ReviewOrderIsland {...props} />);
    await screen.findByText('Impeller');
    expect(screen.getByText('Impeller').closest('tr')?.textContent).toContain('Only 1 available.');
    expect(screen.queryByText('Your PayPal payment was cancelled.')).toBeNull();
  });
});
