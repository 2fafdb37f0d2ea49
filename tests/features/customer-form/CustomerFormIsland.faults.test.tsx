// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CustomerFormIsland from '~/features/customer-form/CustomerFormIsland';
import { replaceBrowser } from '~/lib/browser';
import { emptyForm, type CustomerFormValues } from '~/features/customer-form/form-values';
import { submitFailure, type SubmitResult } from '~/features/customer-form/submit';
import { setNoticeSink } from '~/lib/api/notify';
import { pickMessages } from '~/lib/i18n/messages';
import { drawCountryList } from './fixtures';
import {
  FAULT_KINDS,
  fakeActions,
  fakeIslandApi,
  kindsBut,
  SERVER_ERROR,
  SERVER_ERROR_KIND,
  TIMEOUT_KIND,
  type FaultKind,
  type IslandApi,
} from '../../support/island-api';

// The guest's customer form meets a server error, a timeout and a slow answer in its address
// check and in its save: it says why, keeps every field, and its retry goes on.

const guest: CustomerFormValues = {
  ...emptyForm(),
  shipping: {
    firstname: 'Ana',
    lastname: 'Lee',
    company: 'Lee Marine',
    address1: '100 Main St',
    address2: 'Dock 4',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US^United States',
    phone: '2175550100',
    address_verified: 0,
  },
  email: 'ana@example.com',
  subscribe: false,
};
const FIELDS: [string, string][] = [
  ['First name', 'Ana'],
  ['Last name', 'Lee'],
  ['Company', 'Lee Marine'],
  ['Address', '100 Main St'],
  ['Apartment, suite, unit', 'Dock 4'],
  ['City', 'Springfield'],
  ['ZIP code', '62701'],
  ['Phone', '2175550100'],
  ['E-mail', 'ana@example.com'],
];
const VALIDATE = /^v2\/address\/validate\/$/;

let api: IslandApi;
let navigated: string[];

let removeCountryList = () => {};

beforeEach(() => {
  removeCountryList = drawCountryList([{ value: 'US^United States', label: 'United States' }]);
  navigated = [];
  sessionStorage.clear();
  setNoticeSink(() => undefined);
  api = fakeIslandApi();
  replaceBrowser({ assign: (path) => navigated.push(path) });
  api.on('POST', VALIDATE, { success: true, errors: [] });
});
afterEach(() => {
  removeCountryList();
  cleanup();
  vi.unstubAllGlobals();
});

function renderGuestForm() {
  render(
    <CustomerFormIsland
      messages={pickMessages('en', ['customer', 'address', 'validation', 'common'])}
      locale="en"
      mode="guest"
      basketNum="B1"
      initial={guest}
      loadFailed={false}
      openBilling={false}
      authorized={false}
      reviewPath="/review-order/"
      action="/customer-form/?guest=true&_action=customerForm.submit"
    />,
  );
}

const check = () => screen.getByRole('region', { name: 'Address validation' });

function expectFormKept(): void {
  for (const [name, value] of FIELDS) expect(screen.getByRole<HTMLInputElement>('textbox', { name }).value).toBe(value);
  expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).value).toBe('IL');
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Receive discounts by e-mail' }).checked).toBe(false);
}

describe.each(FAULT_KINDS)('the guest customer form meeting $name', (kind) => {
  it(
    kind.fails
      ? 'address validation: the check says the address could not be validated, and Check again keeps every field'
      : 'address validation: the late answer shows as usual and nothing is lost',
    async () => {
      const hold = api.fault(kind, 'POST', VALIDATE);
      renderGuestForm();
      await hold.sent;
      if (kind.fails) {
        expect(await within(check()).findByText('The address could not be validated')).toBeTruthy();
        await userEvent.click(within(check()).getByRole('button', { name: 'Check again' }));
      } else {
        expect(within(check()).getByRole('status').textContent).toBe('Checking the address…');
        hold.release();
      }
      await waitFor(() => expect(within(check()).getByRole('status').textContent).toBe('Address is valid'));
      expect(api.sent('POST', VALIDATE)).toHaveLength(kind.fails ? 2 : 1);
      expectFormKept();
    },
  );
});

/** What the form's save action answers when the store API meets each kind (customer-form.server.ts). */
function savedAfter(kind: FaultKind): SubmitResult {
  if (kind === TIMEOUT_KIND) return { ok: false, failure: submitFailure('guestPost', 'timeout') };
  return { ok: false, failure: submitFailure('guestPost', { status: SERVER_ERROR.status, body: SERVER_ERROR.body }) };
}

// A store error on the save is held by CustomerFormIsland.test.tsx, "a server error on submit …".
describe.each(kindsBut(SERVER_ERROR_KIND))('the guest customer form meeting $name', (kind) => {
  it(
    kind.fails
      ? 'submit: the form says why, every typed field stays, and Continue then saves the guest'
      : 'submit: the late answer goes on to review as usual',
    async () => {
      let saved: SubmitResult = kind.fails ? savedAfter(kind) : { ok: true };
      const actions = fakeActions(() => saved);
      const release = kind.fails ? () => undefined : actions.hold();
      renderGuestForm();
      await waitFor(() => expect(within(check()).getByRole('status').textContent).toBe('Address is valid'));
      const proceed = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
      await userEvent.click(proceed);
      await waitFor(() => expect(actions.posts).toHaveLength(1));
      if (kind.fails) {
        expect((await screen.findByText(kind.text)).getAttribute('role')).toBe('alert');
        expectFormKept();
        expect(navigated).toEqual([]);
        expect(proceed.disabled).toBe(false);
        saved = { ok: true };
        await userEvent.click(proceed);
      } else {
        expect(navigated).toEqual([]);
        release();
      }
      await waitFor(() => expect(navigated).toEqual(['/review-order/']));
      expect(actions.posts.at(-1)?.path).toBe('/_actions/customerForm.submit/');
      expect(actions.posts.at(-1)?.form).toMatchObject({ email: 'ana@example.com' });
    },
  );
});
