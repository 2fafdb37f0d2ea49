import { showFieldError } from '~/components/ui/field-error';
import { formText } from '~/components/ui/form-texts';
import { sendingState } from '~/components/ui/sending-state';
import { ORDER_FORMS } from '~/features/orders/public';
import { hasErrors, validateEmailField, validateLogin } from './session';

/**
 * What the forms drawn on the server do once their page's script runs: the session forms (login,
 * sign-in, recover password), the order follow-up forms (history range, cancellation, lookup;
 * enhance-order-forms.ts) and payment success's Print. The forms post as they are, so all of this is optional: Show password,
 * the spec's checks before posting (so an empty field costs no round trip), a busy Send that
 * cannot post twice, and the forgotten-password link carrying the typed e-mail. The phrases come
 * from the form's own attributes (form-texts.ts).
 */
export function enhanceSessionForms(root: ParentNode): void {
  const kinds: Readonly<Record<string, (form: HTMLFormElement) => void>> = {
    login: enhanceLoginForm,
    recover: enhanceRecoverForm,
    ...ORDER_FORMS,
  };
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-session-form]'))
    kinds[form.dataset['sessionForm'] ?? '']?.(form);
  enhancePrint(root);
  forgetActionAddress();
}

/**
 * A page drawn from a form post (a refused login, a lookup) shows the page's own address, not
 * Astro's `?_action=` mark of the post: that is the address a shopper copies or comes back to.
 */
function forgetActionAddress(): void {
  // The page's own location and history: the islands' browser seam would cost this small script its chunk.
  const { pathname, search } = globalThis.location;
  const query = new URLSearchParams(search);
  if (!query.has('_action')) return;
  query.delete('_action');
  const rest = query.toString();
  globalThis.history.replaceState(globalThis.history.state, '', `${pathname}${rest ? `?${rest}` : ''}`);
}

/**
 * A server page's Print button (payment success), in a holder marked `data-print`: hidden until a
 * script can press the browser's Print for it. The printed invoice is always the whole invoice, even when the shopper folded it.
 */
function enhancePrint(root: ParentNode): void {
  // The mark is on the button's holder: a button's own display would show it while hidden.
  const holders = root.querySelectorAll<HTMLElement>('[data-print]');
  if (holders.length === 0) return;
  for (const holder of holders) {
    holder.hidden = false;
    holder.querySelector('button')?.addEventListener('click', () => globalThis.print());
  }
  globalThis.addEventListener('beforeprint', () => {
    for (const details of root.querySelectorAll<HTMLDetailsElement>('details.invoice')) details.open = true;
  });
}

function control(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const found = form.elements.namedItem(name);
  return found instanceof HTMLInputElement ? found : null;
}

function enhanceLoginForm(form: HTMLFormElement): void {
  const username = control(form, 'username');
  const password = control(form, 'password');
  const sending = sendingState(form);

  const slot = password?.closest('.field__control');
  if (password && slot) {
    const toggle = form.ownerDocument.createElement('button');
    toggle.type = 'button';
    toggle.setAttribute('aria-label', formText(form, 'reveal'));
    toggle.setAttribute('aria-pressed', 'false');
    toggle.textContent = formText(form, 'show');
    toggle.addEventListener('click', () => {
      const show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', String(show));
    });
    slot.append(toggle);
  }

  // Kept current as the e-mail is typed, and read again on the click: a browser's autofill may fire no input event.
  const recoverLink = form.querySelector<HTMLAnchorElement>('a[data-carries-email]');
  const carryEmail = () => {
    if (!recoverLink || !username) return;
    const target = new URL(recoverLink.href);
    target.searchParams.set('email', username.value.trim());
    recoverLink.setAttribute('href', `${target.pathname}${target.search}`);
  };
  username?.addEventListener('input', carryEmail);
  recoverLink?.addEventListener('click', carryEmail);
  carryEmail();

  form.addEventListener('submit', (event) => {
    if (sending.sending) {
      event.preventDefault();
      return;
    }
    const { errors } = validateLogin({ username: username?.value, password: password?.value });
    for (const [name, field] of [
      ['username', username],
      ['password', password],
    ] as const) {
      const code = errors[name];
      if (field) showFieldError(field, code && formText(form, code));
    }
    const invalid = hasErrors(errors);
    showSummary(form, invalid ? formText(form, 'summary') : null);
    if (invalid) event.preventDefault();
    else sending.start();
  });
}

/** The form's "correct the highlighted fields" alert, where the server draws it: before the first field. */
function showSummary(form: HTMLFormElement, text: string | null): void {
  let summary = form.querySelector<HTMLElement>(':scope > .form-error');
  if (!text) {
    summary?.remove();
    return;
  }
  if (!summary) {
    summary = form.ownerDocument.createElement('p');
    summary.className = 'form-error';
    summary.setAttribute('role', 'alert');
    form.insertBefore(summary, form.querySelector(':scope > .field'));
  }
  summary.textContent = text;
}

function enhanceRecoverForm(form: HTMLFormElement): void {
  const email = control(form, 'email');
  if (!email) return;
  const sending = sendingState(form);
  // The e-mail is checked once the visitor has typed in it or left it, or when the server already found it wanting.
  let touched = email.getAttribute('aria-invalid') === 'true';
  const check = () => {
    const { error } = validateEmailField(email.value);
    if (sending.button) sending.button.disabled = sending.sending || Boolean(error);
    if (touched) showFieldError(email, error && formText(form, error));
    return error;
  };
  const touch = () => {
    touched = true;
    check();
  };
  email.addEventListener('input', touch);
  email.addEventListener('blur', touch);
  globalThis.addEventListener('pageshow', (event) => {
    if (event.persisted) check();
  });
  form.addEventListener('submit', (event) => {
    touched = true;
    if (sending.sending || check()) event.preventDefault();
    else sending.start();
  });
  check();
}
