/**
 * Phrases a form drawn on the server hands to its page script, as `data-text-<name>` attributes
 * in the page's language: the script then carries no dictionary of its own.
 */
export function formTextAttributes(texts: Readonly<Record<string, string>>): Record<`data-text-${string}`, string> {
  return Object.fromEntries(Object.entries(texts).map(([name, text]) => [`data-text-${name}`, text]));
}

/** A phrase the server put on the form, or '' when it put none. */
export function formText(form: Element, name: string): string {
  return form.getAttribute(`data-text-${name}`) ?? '';
}
