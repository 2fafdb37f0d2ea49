import type { MessageKey } from './message-keys';

export type { MessageKey, MessagePrefix } from './message-keys';
export type Messages = Readonly<Record<string, string>>;
export type Params = Readonly<Record<string, string | number>>;
/** Only keys of the English locale files type-check, so a misspelt key fails `tsc`. */
export type Translate<Key extends string = MessageKey> = (key: Key, params?: Params) => string;

/**
 * The entry of a picked dictionary that names its language (a BCP 47 tag), so the plural rules of
 * an island's phrases are the page's, with no extra prop on every island.
 */
export const LANGUAGE_ENTRY = '@language';

/**
 * Builds t() over a dictionary, falling back per key to English and then to the key itself,
 * so a missing phrase never blanks the interface. A phrase where a count meets a word says it in
 * ICU's plural form, `{count, plural, one {# part} other {# parts}}`, and the language's own plural
 * rules (`Intl.PluralRules`) choose the form: French and Brazilian Portuguese say 0 in the singular.
 */
export function createTranslate<Key extends string = MessageKey>(
  messages: Messages,
  fallback: Messages = {},
  language: string = messages[LANGUAGE_ENTRY] ?? fallback[LANGUAGE_ENTRY] ?? 'en-US',
): Translate<Key> {
  let rules: Intl.PluralRules | undefined;
  const pluralOf = (count: number) => (rules ??= new Intl.PluralRules(language)).select(count);
  return (key, params) => {
    const template = messages[key] ?? fallback[key] ?? key;
    if (!params) return template;
    return withPlurals(template, params, pluralOf).replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}

const PLURAL_HEAD = /\{(\w+), plural,/y;
const PLURAL_OPTION = /\s*(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/y;

/**
 * Replaces each `{name, plural, …}` of a phrase by the option its count selects (`=N` first, then
 * the plural category, then `other`), with `#` read as the count. A phrase that is not well formed
 * is left as written, so a mistake shows instead of blanking the phrase.
 */
function withPlurals(template: string, params: Params, pluralOf: (count: number) => string): string {
  if (!template.includes(', plural,')) return template;
  let result = '';
  let at = 0;
  for (let open = template.indexOf('{'); open !== -1; open = template.indexOf('{', open + 1)) {
    PLURAL_HEAD.lastIndex = open;
    const head = PLURAL_HEAD.exec(template);
    const name = head?.[1];
    if (!head || name === undefined || !Object.hasOwn(params, name)) continue;
    const options = new Map<string, string>();
    let cursor = PLURAL_HEAD.lastIndex;
    for (;;) {
      PLURAL_OPTION.lastIndex = cursor;
      const option = PLURAL_OPTION.exec(template);
      if (!option?.[1] || option[2] === undefined) break;
      options.set(option[1], option[2]);
      cursor = PLURAL_OPTION.lastIndex;
    }
    const close = template.indexOf('}', cursor);
    // An unclosed plural ends the phrase as written; reading on from -1 would start over forever.
    if (close === -1) break;
    if (options.size === 0 || template.slice(cursor, close).trim() !== '') continue;
    const count = Number(params[name]);
    const chosen = options.get(`=${count}`) ?? options.get(pluralOf(count)) ?? options.get('other') ?? '';
    result += template.slice(at, open) + chosen.replaceAll('#', String(params[name]));
    at = close + 1;
    open = close;
  }
  return result + template.slice(at);
}

/**
 * The phrase of a key built from data the store API sends (a carrier's event code, an order
 * line's status), or null when English has no such key: the caller then shows the data as sent.
 */
export function translateIfKnown(t: Translate, key: string, params?: Params): string | null {
  const text = t(key as MessageKey, params);
  return text === key ? null : text;
}
