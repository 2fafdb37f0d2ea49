import { showFieldError } from '~/components/ui/field-error';
import { formText } from '~/components/ui/form-texts';
import { sendingState } from '~/components/ui/sending-state';
import { isOneOf } from '~/lib/is-one-of';
import { CANCEL_REASONS, cancelNoteError } from './cancellation';
import { lookupFromQuery, validateLookup, withoutLookupQuery, type LookupErrors } from './guest-lookup';

/**
 * What the order follow-up forms (history range, cancellation, guest lookup) do once their page's
 * script runs, beside the session forms' (enhance-session-forms.ts). Each form is drawn on the
 * server and posts as it is; the script only saves a round trip or a second post.
 */
export const ORDER_FORMS: Readonly<Record<string, (form: HTMLFormElement) => void>> = {
  range: enhanceRangeForm,
  cancel: enhanceCancelForm,
  lookup: enhanceLookupForm,
};

function field(form: HTMLFormElement, name: string): HTMLInputElement | HTMLTextAreaElement | null {
  const found = form.elements.namedItem(name);
  return found instanceof HTMLInputElement || found instanceof HTMLTextAreaElement ? found : null;
}

/** A range chosen is the range shown: the form is sent as it changes, so Show is for the page without a script. */
function enhanceRangeForm(form: HTMLFormElement): void {
  const select = form.elements.namedItem('range');
  if (!(select instanceof HTMLSelectElement)) return;
  const shown = select.value;
  let sent = false;
  select.addEventListener('change', () => {
    if (sent || select.value === shown) return;
    sent = true;
    select.setAttribute('aria-busy', 'true');
    form.requestSubmit();
  });
  globalThis.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    sent = false;
    select.removeAttribute('aria-busy');
  });
}

/**
 * Another reason needs its note (spec checkout §5): asked for before anything is sent, on the note
 * itself, and gone as soon as it is written. Request cancellation then cannot post twice.
 */
function enhanceCancelForm(form: HTMLFormElement): void {
  const note = field(form, 'note');
  const sending = sendingState(form);
  let submitted = note?.getAttribute('aria-invalid') === 'true';
  const reason = () => {
    const checked = form.querySelector<HTMLInputElement>('input[name="reason"]:checked')?.value;
    return isOneOf(CANCEL_REASONS, checked) ? checked : CANCEL_REASONS[0];
  };
  const check = () => {
    const error = cancelNoteError(reason(), note?.value ?? '');
    if (note && submitted) showFieldError(note, error ? formText(form, 'note-required') : undefined);
    return error;
  };
  note?.addEventListener('input', check);
  form.addEventListener('change', check);
  form.addEventListener('submit', (event) => {
    submitted = true;
    if (sending.sending || check()) {
      event.preventDefault();
      if (!sending.sending) note?.focus();
      return;
    }
    sending.start();
  });
}

const LOOKUP_FIELDS = { email: 'email', orderNo: 'order_no', invoiceNo: 'invoice_no' } as const;

/** The lookup's fields as the form would post them. */
function postedLookup(form: HTMLFormElement): URLSearchParams {
  const posted = new URLSearchParams();
  for (const name of Object.values(LOOKUP_FIELDS)) posted.set(name, field(form, name)?.value ?? '');
  posted.set('mode', form.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value ?? '');
  return posted;
}

/**
 * The lookup's checks as the shopper types (spec checkout §2, §7): a field says what is wrong once
 * it was typed in or left, or when the page drew it wanting; Find order stays disabled until the
 * form is valid, then cannot post twice. A link that opened a lookup carried the e-mail: it leaves
 * the address bar, history and later referrers.
 */
function enhanceLookupForm(form: HTMLFormElement): void {
  const { location, history } = globalThis;
  const clean = withoutLookupQuery(location.search);
  if (clean !== location.search)
    history.replaceState(history.state, '', `${location.pathname}${clean}${location.hash}`);

  const sending = sendingState(form);
  const touched = new Set<keyof LookupErrors>();
  for (const [name, posted] of Object.entries(LOOKUP_FIELDS) as [keyof LookupErrors, string][])
    if (field(form, posted)?.getAttribute('aria-invalid') === 'true') touched.add(name);
  const check = (): boolean => {
    const errors = validateLookup(lookupFromQuery(postedLookup(form)));
    for (const [name, posted] of Object.entries(LOOKUP_FIELDS) as [keyof LookupErrors, string][]) {
      const control = field(form, posted);
      const error = errors[name];
      if (control && touched.has(name)) showFieldError(control, error ? formText(form, error) : undefined);
    }
    const valid = Object.keys(errors).length === 0;
    if (sending.button) sending.button.disabled = sending.sending || !valid;
    return valid;
  };
  for (const [name, posted] of Object.entries(LOOKUP_FIELDS) as [keyof LookupErrors, string][]) {
    const control = field(form, posted);
    const touch = () => {
      touched.add(name);
      check();
    };
    control?.addEventListener('input', touch);
    control?.addEventListener('blur', touch);
  }
  form.addEventListener('change', () => check());
  globalThis.addEventListener('pageshow', (event) => {
    if (event.persisted) check();
  });
  form.addEventListener('submit', (event) => {
    for (const name of Object.keys(LOOKUP_FIELDS) as (keyof LookupErrors)[]) touched.add(name);
    if (sending.sending || !check()) event.preventDefault();
    else sending.start();
  });
  check();
}
