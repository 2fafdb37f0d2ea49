// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { stringify } from 'devalue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CustomerFormIsland from '~/features/customer-form/CustomerFormIsland';
import { emptyForm, type CustomerFormValues } from '~/features/customer-form/form-values';
import type { SubmitResult } from '~/features/customer-form/submit';
import { submitInputFromForm } from '~/features/customer-form/posted-form';
import { RELOAD_STORAGE_KEY } from '~/lib/reload-flags';
import { replaceBrowser } from '~/lib/browser';
import { setNoticeSink } from '~/lib/api/notify';
import { resetRequests } from '~/lib/api/requests.store';
import { pickMessages } from '~/lib/i18n/messages';
import { optionsOf } from '~/features/customer-form/country-list';
import { drawCountryList } from './fixtures';

const countries = [
  { value: 'US^United States', label: 'United States' },
  { value: 'CA^Canada', label: 'Canada' },
  { value: 'DE^Germany', label: 'Germany' },
];
let sent: Array<{ method: string; path: string; body: unknown }>;
let answer: (path: string, method: string) => Response;
let navigated: string[];
/** The form's save action, as Astro answers an island: field error codes and message keys. */
let saved: SubmitResult;
const SAVE_PATH = '/_actions/customerForm.submit';

const scrolled: Element[] = [];
Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
  scrolled.push(this);
};

let removeCountryList = () => {};

beforeEach(() => {
  removeCountryList = drawCountryList(countries);
  scrolled.length = 0;
  sent = [];
  navigated = [];
  resetRequests();
  sessionStorage.clear();
  setNoticeSink(() => undefined);
  replaceBrowser({ assign: (path) => navigated.push(path) });
  answer = () => Response.json({ success: true, errors: [] });
  replaceBrowser({
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      sent.push({ method: request.method, path, body: request.method === 'GET' ? null : await request.json() });
      return answer(path, request.method);
    },
  });
  saved = { ok: true };
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const path = new URL(input, window.location.origin).pathname;
    // The save posts the plain form's fields: read back as the save they describe.
    const body = init?.body instanceof FormData ? submitInputFromForm(Object.fromEntries(init.body)) : null;
    sent.push({ method: init?.method ?? 'GET', path, body });
    return Promise.resolve(new Response(stringify(saved), { headers: { 'content-type': 'application/json+devalue' } }));
  });
});

afterEach(() => {
  removeCountryList();
  cleanup();
  vi.unstubAllGlobals();
});

type FormProps = Parameters<typeof CustomerFormIsland>[0];

/** The island as a guest's page draws it, with the overrides a test names. */
function formOf(overrides: Partial<FormProps> = {}, locale: 'en' | 'es' = 'en') {
  return (
    <CustomerFormIsland
      messages={pickMessages(locale, ['customer', 'address', 'validation', 'common'])}
      locale={locale}
      mode="guest"
      basketNum="B1"
      initial={null}
      loadFailed={false}
      openBilling={false}
      authorized={false}
      reviewPath="/review-order/"
      action="/customer-form/?guest=true&_action=customerForm.submit"
      {...overrides}
    />
  );
}

function renderForm(overrides: Partial<FormProps> = {}, locale: 'en' | 'es' = 'en') {
  return render(formOf(overrides, locale));
}

const stored: CustomerFormValues = {
  ...emptyForm(),
  shipping: {
    firstname: 'Ana',
    lastname: 'Lee',
    company: 'Boats Inc',
    address1: '100 Main St',
    address2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US^United States',
    phone: '2175550100',
    address_verified: 2,
  },
  email: 'ana@example.com',
};

describe('<CustomerFormIsland>', () => {
  it('lists the errors under "Please correct the highlighted fields", marks fields invalid and moves focus to the list', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'R2D2');
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP code' }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert', { name: 'Please correct the highlighted fields' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain('First name: Only letters, space, hyphen and dot symbols are allowed');
    expect(summary.textContent).toContain('ZIP code: Too short');
    expect(summary.textContent).toContain('E-mail: This field is required');
    // In the order the form shows them: e-mail first, then the address from the top.
    const lines = [...summary.querySelectorAll('li')].map((line) => line.textContent ?? '');
    expect(lines.findIndex((line) => line.startsWith('E-mail'))).toBe(0);
    expect(lines.findIndex((line) => line.startsWith('First name'))).toBeLessThan(
      lines.findIndex((line) => line.startsWith('ZIP code')),
    );
    expect(screen.getByRole('textbox', { name: 'First name' }).getAttribute('aria-invalid')).toBe('true');
    // Each message once under its field, and not repeated by the address check.
    expect(screen.getAllByText('Too short')).toHaveLength(1);
    expect(sent.filter((call) => call.path.includes('guest'))).toEqual([]);
  });

  it('no error before a field is typed in and left; leaving a typed field checks it, without the summary', async () => {
    renderForm();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(screen.queryByText('This field is required')).toBeNull();
    const lastName = screen.getByRole('textbox', { name: 'Last name' });
    await userEvent.click(lastName);
    await userEvent.tab();
    expect(lastName.getAttribute('aria-invalid')).toBeNull();
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await userEvent.type(firstName, 'R2D2');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    await userEvent.tab();
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Only letters, space, hyphen and dot symbols are allowed')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fields carry autocomplete tokens per section; US shows states and armed forces, Canada provinces, Germany free text', async () => {
    renderForm({ openBilling: true });
    expect(document.getElementById('shipping-firstname')?.getAttribute('autocomplete')).toBe('shipping given-name');
    const billingZip = document.getElementById('billing-zip');
    expect(billingZip?.getAttribute('autocomplete')).toBe('billing postal-code');
    const state = document.getElementById('shipping-state') as HTMLSelectElement;
    expect([...state.options].map((option) => option.value)).toEqual(
      expect.arrayContaining(['NY', 'PR', 'AE', 'other']),
    );
    await userEvent.selectOptions(document.getElementById('shipping-country') as HTMLSelectElement, 'CA^Canada');
    expect(screen.getByRole('combobox', { name: 'Province' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Ontario' })).toBeTruthy();
    await userEvent.selectOptions(document.getElementById('shipping-country') as HTMLSelectElement, 'DE^Germany');
    expect(document.getElementById('shipping-state')?.tagName).toBe('INPUT');
  });

  it('billing=1 opens the billing block and scrolls to it after 10 ms', async () => {
    vi.useFakeTimers();
    try {
      renderForm({ openBilling: true });
      expect(scrolled).toEqual([]);
      await vi.advanceTimersByTimeAsync(10);
    } finally {
      vi.useRealTimers();
    }
    expect(scrolled.map((element) => element.id)).toEqual(['billing-section']);
    expect(screen.getByRole('group', { name: 'Billing address' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'My billing address is different' }).checked).toBe(
      true,
    );
  });

  it('a server error on submit shows the message, keeps every field, and Continue then saves', async () => {
    saved = { ok: false, failure: { text: 'Database unavailable' } };
    renderForm({ initial: { ...stored, shipping: { ...stored.shipping, address_verified: 0 } } });
    await userEvent.clear(screen.getByRole('textbox', { name: 'City' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Peoria');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByText('Database unavailable')).getAttribute('role')).toBe('alert');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'City' }).value).toBe('Peoria');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Company' }).value).toBe('Boats Inc');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe('ana@example.com');
    expect(navigated).toEqual([]);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
    saved = { ok: true };
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(navigated).toEqual(['/review-order/']));
  });

  it('a guest post flags shipping, basket and address for reload and goes to review; discounts by e-mail only when ticked', async () => {
    renderForm({ initial: null });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Receive discounts by e-mail' }).checked).toBe(false);
    const type = (name: string, text: string) => userEvent.type(screen.getByRole('textbox', { name }), text);
    await type('First name', 'Ana');
    await type('Last name', 'Lee');
    await type('Address', '100 Main St');
    await type('City', 'Springfield');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'IL');
    await type('ZIP code', '62701');
    await type('Phone', '2175550100');
    await type('E-mail', 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(navigated).toEqual(['/review-order/']));
    const post = sent.find((call) => call.method === 'POST' && call.path.startsWith(SAVE_PATH));
    expect(post?.body).toMatchObject({
      action: 'guestPost',
      basketNum: 'B1',
      values: {
        email: 'ana@example.com',
        differentBillingAddress: false,
        shipping: { country: 'US^United States', state: 'IL' },
        subscribe: false,
      },
    });
    expect(JSON.parse(sessionStorage.getItem(RELOAD_STORAGE_KEY) ?? '[]')).toEqual(
      expect.arrayContaining(['shipping', 'basket', 'address']),
    );
  });

  it('unchanged data of a returning customer goes straight on; the button reads Save', async () => {
    renderForm({ mode: 'edit', initial: stored, authorized: true, userid: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigated).toEqual(['/review-order/']));
    expect(sent.filter((call) => call.path.startsWith(SAVE_PATH))).toEqual([]);
  });

  it('draws a stored address the store verified as valid from the first paint, before any check', () => {
    const html = renderToString(formOf({ mode: 'edit', initial: stored, authorized: true }));
    expect(html).toContain('Address is valid');
    expect(html).not.toContain('Address not checked yet');
  });

  it('an empty form is drawn as it stays once awake: no address status the first check would take back', () => {
    const html = renderToString(formOf());
    expect(html).not.toContain('Address not checked yet');
  });

  it("a subscriber reads the page's one notice, not the form's intro beside it", () => {
    renderForm({ mode: 'edit', initial: stored, authorized: true, userid: 5, subscriber: true });
    expect(screen.queryByText('Check your details and save any changes.')).toBeNull();
  });

  it('a new e-mail refused for want of the current password points to account settings', async () => {
    saved = { ok: false, failure: { key: 'customer.emailNeedsPassword' } };
    renderForm({ mode: 'edit', initial: stored, authorized: true, userid: 5 });
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'other@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'To change the e-mail address of your account, use Account settings: it asks for your password.',
      ),
    ).toBeTruthy();
    expect(navigated).toEqual([]);
  });

  it('the validator asks "did you mean" with the suggested address, and Use suggested fills the field', async () => {
    answer = (path) =>
      path.includes('address/validate')
        ? Response.json(
            {
              success: false,
              errors: [{ code: 'E.ADDRESS.INVALID', message: 'bad', field: 'zip', suggestion: '62704' }],
            },
            { status: 422 },
          )
        : Response.json({});
    renderForm({ initial: { ...stored, shipping: { ...stored.shipping, address_verified: 0 } } }, 'es');
    expect(await screen.findByText('Ciudad/estado/código postal no válidos', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('¿Quiso decir esta dirección?')).toBeTruthy();
    expect(screen.getByText('62704').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Mantener como está' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Usar la sugerida' }));
    expect((document.getElementById('shipping-zip') as HTMLInputElement).value).toBe('62704');
    expect(screen.queryByRole('button', { name: 'Mantener como está' })).toBeNull();
  });

  it('"can\'t get address" offers a retry', async () => {
    answer = () => Response.json({ shipping: stored.shipping, billing: {}, user: { id: 5, email: 'ana@example.com' } });
    renderForm({ mode: 'edit', loadFailed: true, authorized: true });
    expect(screen.getByRole('alert').textContent).toContain("Can't get your address");
    // No select is drawn yet: the island keeps the country list in the page for the form to come.
    removeCountryList();
    expect(optionsOf(document.getElementById('country-options') as HTMLElement)).toEqual(countries);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'City' })).value).toBe('Springfield');
    expect(optionsOf(screen.getByRole('combobox', { name: 'Country' }))).toEqual(countries);
  });

  it('offers in both blocks the country list it read back from the page', async () => {
    renderForm();
    removeCountryList();
    await userEvent.click(screen.getByRole('checkbox', { name: 'My billing address is different' }));
    for (const id of ['shipping-country', 'billing-country'])
      expect(optionsOf(document.getElementById(id) as HTMLElement)).toEqual(countries);
  });
});
