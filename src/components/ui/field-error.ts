/**
 * Shows or clears a field's error on a form the server drew with `<Field>`, as `<Field>` itself
 * draws it: the wrapper marked invalid, the control `aria-invalid` and described by the message
 * (after its hint), the message last in the wrapper. A page script checking a form before it posts
 * says what the server would say, in the same place.
 */
export function showFieldError(control: HTMLElement, message: string | undefined): void {
  const wrapper = control.closest('.field');
  if (!wrapper) return;
  const errorId = `${control.id}-error`;
  const described = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
  let shown = wrapper.querySelector<HTMLElement>(':scope > .field__error');
  if (message) {
    if (!shown) {
      shown = control.ownerDocument.createElement('span');
      shown.id = errorId;
      shown.className = 'field__error';
      wrapper.append(shown);
    }
    shown.textContent = message;
    wrapper.classList.add('field--invalid');
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', [...described, errorId].join(' '));
    return;
  }
  shown?.remove();
  wrapper.classList.remove('field--invalid');
  control.removeAttribute('aria-invalid');
  if (described.length > 0) control.setAttribute('aria-describedby', described.join(' '));
  else control.removeAttribute('aria-describedby');
}
