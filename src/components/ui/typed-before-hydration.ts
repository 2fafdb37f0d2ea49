import { useEffect, useRef, type RefObject } from 'react';

/** A control's name and what the visitor left in it: the text, a ticked box, the chosen option. */
export type TypedValue = [name: string, value: string | boolean];

/**
 * The controls of a form the visitor changed since the page was drawn. Hydration keeps what the
 * page shows (React sets each control's default to its prop and leaves the shown value alone), so
 * a control whose value differs from its default was typed in before the island woke.
 */
export function typedBeforeHydration(form: HTMLFormElement): TypedValue[] {
  const typed: TypedValue[] = [];
  for (const control of Array.from(form.elements)) {
    if (control instanceof HTMLInputElement) {
      if (!control.name || control.disabled || control.type === 'hidden') continue;
      if (control.type === 'checkbox') {
        if (control.checked !== control.defaultChecked) typed.push([control.name, control.checked]);
      } else if (control.type === 'radio') {
        if (control.checked && !control.defaultChecked) typed.push([control.name, control.value]);
      } else if (control.value !== control.defaultValue) typed.push([control.name, control.value]);
    } else if (control instanceof HTMLTextAreaElement) {
      if (control.name && control.value !== control.defaultValue) typed.push([control.name, control.value]);
    } else if (control instanceof HTMLSelectElement) {
      const chosen = control.options[control.selectedIndex];
      if (control.name && chosen && !chosen.defaultSelected) typed.push([control.name, control.value]);
    }
  }
  return typed;
}

/**
 * Hands what the visitor typed before the island woke to the island's state, once, as it mounts:
 * without it the form shows one thing while the island validates and sends another (an e-mail on
 * screen, "required" underneath, a submit that stays disabled).
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  adopt: (name: string, value: string | boolean) => void,
): void {
  const adoptOnce = useRef(adopt);
  useEffect(() => {
    if (!form.current) return;
    for (const [name, value] of typedBeforeHydration(form.current)) adoptOnce.current(name, value);
  }, [form]);
}
