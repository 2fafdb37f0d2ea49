// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceSessionForms } from '~/features/session/enhance-session-forms';
import { OrderHistory } from '~/features/orders/OrderHistory';
import { OrderLookup } from '~/features/orders/OrderLookup';
import { IDLE_LOOKUP, lookupFromQuery, shownLookupErrors } from '~/features/orders/guest-lookup';
import { readOrders } from '~/lib/store-api/orders';
import { translator } from '~/lib/i18n/messages';

// The order pages' script (the session forms' enhancer) on the markup the server sends
// (order-pages.test.tsx draws it): what it saves is a round trip or a second post, never a rule of its own.

const t = translator('en');
const SHOP = { storeId: 'marine', storefrontUrl: 'https://shop.example/' } as const;

/** Each submit and whether it went on to post: the script may hold it back; the browser's post itself is not run here. */
let posted: Array<{ form: string; went: boolean }> = [];

function serve(element: ReactElement): void {
  document.body.innerHTML = renderToStaticMarkup(element);
  enhanceSessionForms(document);
  for (const form of document.querySelectorAll('form'))
    form.addEventListener('submit', (event) => {
      posted.push({ form: form.dataset['sessionForm'] ?? '', went: !event.defaultPrevented });
      event.preventDefault();
    });
}

const pending = readOrders([
  {
    orderno: {
      order_no: 7,
      date_ordered: '20261101120000',
      order_total: 4250,
      status_for_customer: 'pending',
      customer_can_edit: true,
      cancellation_requested: false,
      void: false,
    },
    items: [],
    trackings: [],
  },
]);

const history = (
  <OrderHistory
    t={t}
    locale="en"
    shop={SHOP}
    newShopUrl="https://new.example/"
    history={{ state: 'success', range: 'month', orders: pending ?? [], error: null }}
    cancelAction="/order-history/?_action=orders.cancel"
  />
);

function lookup(query: string) {
  const form = lookupFromQuery(query);
  return (
    <OrderLookup
      t={t}
      locale="en"
      shop={SHOP}
      form={form}
      errors={shownLookupErrors(form, false)}
      lookup={IDLE_LOOKUP}
      action="/order-info/?_action=orders.lookup"
    />
  );
}

beforeEach(() => {
  // jsdom has no requestSubmit of its own that posts; the range's submit is what the test reads.
  vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (this: HTMLFormElement) {
    this.dispatchEvent(new Event('submit', { cancelable: true }));
  });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  document.body.innerHTML = '';
  posted = [];
  vi.restoreAllMocks();
});

describe('the history range with its script', () => {
  it('asks for the chosen range as it changes, once, and not for the range already shown', async () => {
    serve(history);
    const range = screen.getByLabelText<HTMLSelectElement>('Show orders from');
    await userEvent.selectOptions(range, 'month');
    expect(posted).toEqual([]);
    await userEvent.selectOptions(range, 'year');
    await userEvent.selectOptions(range, 'all');
    expect(posted).toEqual([{ form: 'range', went: true }]);
    expect(range.getAttribute('aria-busy')).toBe('true');
  });
});

describe('a cancellation with its script', () => {
  const entry = () => screen.getByRole('article', { name: 'Order 1007' });

  it('asks for the note of another reason on the note itself, posting nothing until it is written, then once', async () => {
    serve(history);
    const order = entry();
    await userEvent.click(within(order).getByLabelText('Other reason'));
    const note = within(order).getByLabelText('Tell us more');
    await userEvent.type(note, '   ');
    const send = within(order).getByRole<HTMLButtonElement>('button', { name: 'Request cancellation' });
    await userEvent.click(send);
    expect(posted).toEqual([{ form: 'cancel', went: false }]);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please tell us why you want to cancel this order.',
    );
    expect(document.activeElement).toBe(note);

    await userEvent.type(note, 'duplicate order');
    expect(within(order).queryByText('Please tell us why you want to cancel this order.')).toBeNull();
    await userEvent.click(send);
    expect(posted.at(-1)).toEqual({ form: 'cancel', went: true });
    expect(send.disabled).toBe(true);
    expect(send.textContent).toBe('Loading…');
    send.form?.requestSubmit();
    expect(posted.at(-1)).toEqual({ form: 'cancel', went: false });
  });

  it('posts any other reason at once, with no note asked', async () => {
    serve(history);
    await userEvent.click(within(entry()).getByLabelText('Not in stock'));
    await userEvent.click(within(entry()).getByRole('button', { name: 'Request cancellation' }));
    expect(posted).toEqual([{ form: 'cancel', went: true }]);
    expect(within(entry()).queryByText('Please tell us why you want to cancel this order.')).toBeNull();
  });
});

describe('the lookup with its script', () => {
  const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Find order' });

  it('keeps Find order disabled until the form is valid, says what is wrong once a field is left, and posts once', async () => {
    serve(lookup(''));
    expect(button().disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'ana@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Order number' }), '12a');
    await userEvent.tab();
    expect(screen.getByText('Must be numeric value')).toBeTruthy();
    expect(button().disabled).toBe(true);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Order number' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Order number' }), '12');
    expect(screen.queryByText('Must be numeric value')).toBeNull();
    expect(button().disabled).toBe(false);
    // The invoice mode asks for its own number.
    await userEvent.click(screen.getByRole('radio', { name: 'Invoice number' }));
    expect(button().disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Order number' }));
    const find = button();
    await userEvent.click(find);
    expect(posted).toEqual([{ form: 'lookup', went: true }]);
    expect(find.disabled).toBe(true);
    expect(find.getAttribute('aria-busy')).toBe('true');
  });

  it('takes a linked lookup out of the address, keeping the rest of it', () => {
    window.history.replaceState(null, '', '/order-info/?email=ana%40example.com&order_no=1055&utm=mail');
    serve(lookup('?email=ana%40example.com&order_no=1055'));
    expect(window.location.search).toBe('?utm=mail');
    expect(button().disabled).toBe(false);
    expect(posted).toEqual([]);
  });
});
