import type { SelectOption } from '~/components/ui/Field';
import type { Locale } from '~/lib/i18n/locales';

/**
 * The country list travels once per page. The server draws it into the form's country selects
 * (their options are the form without JavaScript), and the island, once in the browser, reads it
 * back from the shipping select instead of receiving some 250 countries again in its props.
 */

/** The list's place in the page when the form itself is not drawn (its address could not be loaded). */
export const COUNTRY_LIST_ID = 'country-options';
/** The shipping block's country select (`fieldId('shipping', 'country')`). */
const SHIPPING_COUNTRY_ID = 'shipping-country';

let serverList: ((locale: Locale) => readonly SelectOption[]) | null = null;

/** The server's list by language (countries.server.ts); the browser never loads it. */
export function serveCountryOptions(list: ((locale: Locale) => readonly SelectOption[]) | null): void {
  serverList = list;
}

/** The options of a drawn select or list, as the server drew them. */
export function optionsOf(source: ParentNode): SelectOption[] {
  return Array.from(source.querySelectorAll('option'), (option) => ({ value: option.value, label: option.text }));
}

/** The country options: the server's while it draws the page, those the page holds in the browser. */
export function drawnCountryOptions(locale: Locale, page: Document | null): readonly SelectOption[] {
  if (serverList) return serverList(locale);
  if (!page) throw new Error('no country list: countries.server.ts serves it on the server');
  const source = page.getElementById(SHIPPING_COUNTRY_ID) ?? page.getElementById(COUNTRY_LIST_ID);
  return source ? optionsOf(source) : [];
}
