/**
 * Readers for API answers in the browser. The store API's fields arrive as numbers or numeric
 * text, sometimes null; these read them the one way every page shows them, without shipping a
 * schema library to the browser (the budget of an island page is 100 KB).
 */

export type Fields = Record<string, unknown>;

export function isFields(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Text or a number as text; anything else (missing, null, objects) is ''. */
export function readText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A number or numeric text; anything else, or text that is not a number, is 0. */
export function readAmount(value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') return 0;
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** Each entry that is an object, read by `read`; null when the value is not a list. */
export function readList<T>(value: unknown, read: (entry: Fields) => T): T[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isFields).map(read);
}

/** Reads the named fields of `source` as text. */
export function readTexts<K extends string>(source: Fields, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, readText(source[key])])) as Record<K, string>;
}

/** Text when the value is text; otherwise undefined (the field counts as absent). */
export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Text or a finite number as sent; otherwise undefined. */
export function optionalTextOrNumber(value: unknown): string | number | undefined {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}
