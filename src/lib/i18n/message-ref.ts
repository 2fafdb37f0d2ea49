import type { MessageKey, Translate } from './translate';

/**
 * A message as a server answer carries it: a key of the locale files, or the store API's own text.
 * The page or island that shows it translates the key in its own language, so an action answers the
 * same whether a plain form or an island on a page of any language posted it.
 */
export type MessageRef = { readonly key: MessageKey } | { readonly text: string };

export function messageText(ref: MessageRef, t: Translate): string {
  return 'key' in ref ? t(ref.key) : ref.text;
}
