/** The form's country values: 'CC^Country name'. */

export const DEFAULT_COUNTRY = 'US^United States';

export function formatCountry(code: string, name: string): string {
  return `${code}^${name}`;
}

/** Splits 'CC^Country name'; a bare value is taken as the code. */
export function parseCountry(value: string): { code: string; name: string } {
  const separator = value.indexOf('^');
  if (separator < 0) return { code: value.trim(), name: value.trim() };
  return { code: value.slice(0, separator).trim(), name: value.slice(separator + 1).trim() };
}

/** A country code or 'CC^Name' from the API as the form's 'CC^Name' value. */
export function countryValue(raw: string, nameOf: (code: string) => string | undefined): string {
  if (!raw) return DEFAULT_COUNTRY;
  const { code } = parseCountry(raw);
  const upper = code.toUpperCase();
  const name = nameOf(upper);
  if (name) return formatCountry(upper, name);
  return raw.includes('^') ? raw : DEFAULT_COUNTRY;
}
