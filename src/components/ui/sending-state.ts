import { formText } from './form-texts';

/**
 * The submit button while the form posts: disabled, busy and saying so, until the next page
 * replaces this one. A page the browser shows again from its history gets its button back.
 */
export function sendingState(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleText = button?.textContent ?? '';
  let sending = false;
  const state = {
    get sending() {
      return sending;
    },
    start() {
      sending = true;
      if (!button) return;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = formText(form, 'busy');
    },
    stop() {
      sending = false;
      if (!button) return;
      button.disabled = false;
      button.removeAttribute('aria-busy');
      button.textContent = idleText;
    },
    button,
  };
  globalThis.addEventListener('pageshow', (event) => {
    if (event.persisted) state.stop();
  });
  return state;
}
