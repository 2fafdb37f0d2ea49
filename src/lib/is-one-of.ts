/**
 * Whether a value is one of a list of literals, narrowing it to their union: the one guard for
 * reading an API field, a cookie or a form value into a closed set.
 */
export function isOneOf<const T extends readonly unknown[]>(list: T, value: unknown): value is T[number] {
  return list.includes(value);
}
