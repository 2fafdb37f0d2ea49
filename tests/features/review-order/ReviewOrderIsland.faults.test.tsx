// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ReviewOrderIsland from '~/features/review-order/ReviewOrderIsland';
import { resetReview } from '~/features/review-order/review-order.store';
import {
  FAULT_KINDS,
  SERVER_ERROR_KIND,
  fakeIslandApi,
  kindsBut,
  SLOW_KIND,
  TIMEOUT_KIND,
  type FaultKind,
  type IslandApi,
} from '../../support/island-api';
import {
  ADDRESS,
  BASKET_ANSWER,
  fakeReviewOrderBrowser,
  RECEIPT,
  REVIEW_ORDER_PROPS,
  shippingAnswer,
} from '../../support/review-order-fixtures';

// Each call of review order meets a server error, the proxy's timeout and a slow answer: the
// page shows its error state, its retry succeeds, and the choices and payment entries are kept.

const NOTES = 'E-TEC 115, serial 5512345';

let api: IslandApi;
let navigated: string[];

/** The store API of one customer's or guest's basket of two impellers. */
function serve(guest: boolean): void {
  const shipping = guest ? /^a\/shipping\/B123\/$/ : /^a\/user\/shipping\/B123\/$/;
  api.on('POST', shipping, (call) => Response.json(shippingAnswer(call.body)));
  if (guest) api.on('GET', /^a\/guest\/B123\/$/, { email: 'ana@example.com', shippingData: ADDRESS });
  else api.on('GET', /^a\/user\/$/, { shipping: ADDRESS, billing: ADDRESS, user: { id: 1 } });
  api.on('GET', /^a\/basket\/B123\/$/, BASKET_ANSWER);
  api.on('POST', /^a\/basket\/B123\/$/, { ok: true });
  api.on('GET', /^v2\/reports\//, { status: 'green', in_stock: [], non_stocked: [], date: '2999-01-01' });
  api.on('POST', guest ? /^a\/checkout\/B123\/$/ : /^a\/user\/checkout\/B123\/$/, { RECEIPT });
}

beforeEach(() => {
  resetReview();
  ({ navigated } = fakeReviewOrderBrowser());
  api = fakeIslandApi();
});
afterEach(cleanup);

const user = () => userEvent.setup();
const notesField = () =>
  screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Engine information (model or serial number)' });
const cardNumber = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Card number' });
const securityCode = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Security code (CVV)' });
/** The form's one submit button, whatever it reads: Place order, Try again, Check my order or Placing. */
const placeButton = () =>
  screen.getAllByRole<HTMLButtonElement>('button').find((button) => button.type === 'submit') as HTMLButtonElement;
const rush = () => screen.getByRole<HTMLInputElement>('radio', { name: /Rush, next day/ });
const checkouts = (guest: boolean) => api.sent('POST', guest ? /^a\/checkout\// : /^a\/user\/checkout\//);

/** Review order opened, shipping priced, the notes and a card entered. */
async function reviewWithPayment(guest = false): Promise<ReturnType<typeof userEvent.setup>> {
  serve(guest);
  const shopper = user();
  render(<ReviewOrderIsland {...REVIEW_ORDER_PROPS} guest={guest} />);
  await screen.findByText('Impeller');
  await shopper.type(notesField(), NOTES);
  await shopper.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
  await shopper.type(cardNumber(), '4111111111111111');
  await shopper.type(securityCode(), '123');
  await waitFor(() => expect(placeButton().disabled).toBe(false));
  return shopper;
}

function expectPaymentKept(): void {
  expect(notesField().value).toBe(NOTES);
  expect(cardNumber().value.replace(/\s/g, '')).toBe('4111111111111111');
  expect(securityCode().value).toBe('123');
}

describe.each(FAULT_KINDS)('review order meeting $name', (kind) => {
  it(
    kind.fails
      ? 'shipping options: a new choice that fails shows the shipping error, and Retry keeps the choice and the payment entries'
      : 'shipping options: the late answer shows as usual and nothing is lost',
    async () => {
      const shopper = await reviewWithPayment();
      const hold = api.fault(kind, 'POST', /^a\/user\/shipping\//);
      await shopper.click(rush());
      await hold.sent;
      if (kind.fails) {
        const error = await screen.findByText('There was an error retrieving shipping options for your location.');
        expect(placeButton().disabled).toBe(true);
        await shopper.click(
          within(error.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }),
        );
      } else {
        expect(placeButton().disabled).toBe(true);
        hold.release();
      }
      await waitFor(() => expect(rush().checked).toBe(true));
      expect(screen.queryByText('There was an error retrieving shipping options for your location.')).toBeNull();
      expect(api.sent('POST', /^a\/user\/shipping\//).at(-1)?.body).toEqual({ serviceLevel: '01' });
      expectPaymentKept();
      await waitFor(() => expect(placeButton().disabled).toBe(false));
    },
  );

  it(
    kind.fails
      ? 'basket load: the summary says it cannot get the basket, ordering waits, and Try again keeps every entry'
      : 'basket load: the late answer shows as usual and nothing is lost',
    async () => {
      const shopper = await reviewWithPayment();
      // A new shipping choice reads the basket again for its totals.
      const hold = api.fault(kind, 'GET', /^a\/basket\/B123\/$/);
      await shopper.click(rush());
      await hold.sent;
      const summary = screen.getByRole('region', { name: 'Order summary' });
      if (kind.fails) {
        const error = await within(summary).findByRole('alert');
        expect(error.textContent).toContain('We couldn’t load your cart.');
        expect(error.textContent).toContain('Something went wrong on our server');
        expect(placeButton().disabled).toBe(true);
        // The phone's summary bar never shows a placeholder amount for a load that failed.
        expect(screen.getByTestId('summary-bar-total').textContent).not.toContain('00.00');
        await shopper.click(within(error).getByRole('button', { name: 'Try again' }));
      } else {
        expect(placeButton().disabled).toBe(true);
        hold.release();
      }
      await waitFor(() => expect(within(summary).getByRole('row', { name: /Impeller/ }).textContent).toContain('2'));
      expect(within(summary).queryByRole('alert')).toBeNull();
      expect(rush().checked).toBe(true);
      expectPaymentKept();
      await waitFor(() => expect(placeButton().disabled).toBe(false));
    },
  );
});

// The proxy's timeout of the address load is held by island.test.tsx, "a failed address load offers a retry …".
describe.each(kindsBut(TIMEOUT_KIND))('review order meeting $name', (kind) => {
  it(
    kind.fails
      ? 'address load: the page says it cannot get the address, and Try again shows the whole page'
      : 'address load: the late answer shows the whole page',
    async () => {
      serve(false);
      const hold = api.fault(kind, 'GET', /^a\/user\/$/);
      render(<ReviewOrderIsland {...REVIEW_ORDER_PROPS} guest={false} />);
      await hold.sent;
      if (kind.fails) {
        const error = await screen.findByRole('alert');
        expect(error.textContent).toContain("can't get address");
        expect(error.textContent).toContain('Something went wrong on our server');
        await user().click(within(error).getByRole('button', { name: 'Try again' }));
      } else {
        expect(screen.getByRole('status').textContent).toBeTruthy();
        hold.release();
      }
      expect((await screen.findByRole('region', { name: 'Shipping address' })).textContent).toContain('Ana Diaz');
      expect(await screen.findByRole('row', { name: /Impeller/ })).toBeTruthy();
      expect(navigated).toEqual([]);
    },
  );
});

/** A failed Place order: the failure named, the button locked and saying to change the payment, every entry kept. */
async function expectCheckoutFailed(kind: FaultKind): Promise<void> {
  // The store's own words stay its own: its error reads as one, in the shopper's language.
  expect(
    await screen.findByText(kind === SERVER_ERROR_KIND ? 'Something went wrong on our server' : kind.text, {
      exact: false,
    }),
  ).toBeTruthy();
  expect(placeButton().textContent).toBe('Change payment to try again');
  expect(placeButton().disabled).toBe(true);
  expectPaymentKept();
  expect(navigated).toEqual([]);
}

/** The spec's retry: placing is unlocked by choosing the payment method again. */
async function placeAgain(shopper: ReturnType<typeof userEvent.setup>): Promise<void> {
  await shopper.click(screen.getByRole('radio', { name: 'PayPal' }));
  await shopper.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
  expectPaymentKept();
  expect(placeButton().textContent).toMatch(/^Place order · \$[\d,.]+$/);
  await shopper.click(placeButton());
}

/** The answer never came: the page does not call it a failure, and offers the check. */
async function expectOrderMayBePlaced(): Promise<void> {
  expect(await screen.findByText(/your order may already have been placed/)).toBeTruthy();
  expect(placeButton().textContent).toBe('Check my order');
  expect(placeButton().disabled).toBe(false);
  expectPaymentKept();
  expect(navigated).toEqual([]);
}

const checkoutCases = [
  // A customer's lost answer is held by island.test.tsx, "a lost checkout answer says the order may have been placed …".
  ...kindsBut(TIMEOUT_KIND).map((kind) => ({ who: 'a customer', guest: false, kind })),
  ...FAULT_KINDS.map((kind) => ({ who: 'a guest', guest: true, kind })),
];

describe.each(checkoutCases)('checkout by $who meeting $kind.name', ({ guest, kind }) => {
  it(
    kind === TIMEOUT_KIND
      ? 'the page says the order may have been placed, entries stay, and the check shows its receipt'
      : kind === SLOW_KIND
        ? 'the late receipt shows as usual'
        : 'the failure is named, entries stay, and the retry after a new payment choice places the order',
    async () => {
      const shopper = await reviewWithPayment(guest);
      const hold = api.fault(kind, 'POST', guest ? /^a\/checkout\/B123\/$/ : /^a\/user\/checkout\/B123\/$/);
      await shopper.click(placeButton());
      await hold.sent;
      if (kind === TIMEOUT_KIND) {
        await expectOrderMayBePlaced();
        await shopper.click(placeButton());
      } else if (kind.fails) {
        await expectCheckoutFailed(kind);
        await placeAgain(shopper);
      } else {
        expect(placeButton().textContent).toBe('Placing your order…');
        hold.release();
      }
      await waitFor(() => expect(navigated).toEqual(['/payment-success/']));
      expect(checkouts(guest)).toHaveLength(kind === SLOW_KIND ? 1 : 2);
      expect(checkouts(guest).at(-1)?.body).toMatchObject({ payType: 'cc', order_notes: NOTES, csv: '123' });
    },
  );
});
