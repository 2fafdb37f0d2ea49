import type { MessageKey } from './message-keys';

export type { MessageKey, MessagePrefix } from './message-keys';
export type Messages = Readonly<Record<string, string>>;
export type Params = Readonly<Record<string, string | number>>;
/** Only keys of the English locale files type-check, so a misspelt key fails `tsc`. */
export type Translate<Key extends string = MessageKey> = (key: Key, params?: Params) => string;

/**
 * Builds t() over a dictionary, falling back per key to English and then to the key itself,
 * so a missing phrase never blanks the interface.
 */
export function createTranslate<Key extends string = MessageKey>(
  messages: Messages,
  fallback: Messages = {},
): Translate<Key> {
  return (key, params) => {
    const template = messages[key] ?? fallback[key] ?? key;
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}

/**
 * The phrase of a key built from data the store API sends (a carrier's event code, an order
 * line's status), or null when English has no such key: the caller then shows the data as sent.
 */
export function translateIfKnown(t: Translate, key: string, params?: Params): string | null {
  const text = t(key as MessageKey, params);
  return text === key ? null : text;
}
