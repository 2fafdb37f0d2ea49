/** The reference address validator's rules (spec: address validation and its error codes). */

export interface AddressInput {
  street1: string;
  street2?: string | undefined;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export type AddressCode =
  | 'E.ADDRESS.INVALID'
  | 'E.ADDRESS.NOT_FOUND'
  | 'E.STREET.INVALID'
  | 'E.HOUSE_NUMBER.MISSING'
  | 'E.HOUSE_NUMBER.INVALID';

export interface AddressError {
  code: AddressCode;
  message: string;
  field?: 'street1' | 'city' | 'state' | 'zip';
  suggestion?: string;
}

export const ADDRESS_MESSAGES: Record<AddressCode, string> = {
  'E.ADDRESS.INVALID': 'Invalid city/state/ZIP',
  'E.ADDRESS.NOT_FOUND': 'Address not found',
  'E.STREET.INVALID': 'Street is invalid',
  'E.HOUSE_NUMBER.MISSING': 'House number is missing',
  'E.HOUSE_NUMBER.INVALID': 'House number is invalid',
};

/** City and state (code) of a postal code, or undefined when the table does not know it. */
export type PostalLookup = (country: 'US' | 'CA', postalCode: string) => { city: string; state: string } | undefined;

const PROVINCES: Record<string, string> = {
  alberta: 'AB',
  'british columbia': 'BC',
  manitoba: 'MB',
  'new brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  newfoundland: 'NL',
  'nova scotia': 'NS',
  'northwest territories': 'NT',
  nunavut: 'NU',
  ontario: 'ON',
  'prince edward island': 'PE',
  quebec: 'QC',
  saskatchewan: 'SK',
  yukon: 'YT',
  'yukon territory': 'YT',
};

/** A Canadian province name as its two-letter code (the ZIP table gives names). */
export function provinceCode(name: string): string {
  const key = name.trim().toLowerCase();
  return PROVINCES[key] ?? name.trim().toUpperCase();
}

/** The two-letter code at the start of a country value ("US" or "US^United States"). */
export function countryCode(country: string): string {
  return country.trim().slice(0, 2).toUpperCase();
}

/** The part of a postal code the ZIP table is keyed by: US five digits, Canadian first three characters. */
export function postalKey(country: 'US' | 'CA', zip: string): string | undefined {
  const compact = zip.trim().toUpperCase().replace(/\s+/g, '');
  if (country === 'US') return /^\d{5}(-?\d{4})?$/.test(compact) ? compact.slice(0, 5) : undefined;
  return /^[A-Z]\d[A-Z](\d[A-Z]\d)?$/.test(compact) ? compact.slice(0, 3) : undefined;
}

const sameText = (a: string, b: string) =>
  a.toLowerCase().replace(/[^a-z0-9]+/g, '') === b.toLowerCase().replace(/[^a-z0-9]+/g, '');

const PO_BOX = /^(p\.?\s*o\.?\s*box|post\s+office\s+box)\s+\w+/i;
const HOUSE_NUMBER = /^[1-9]\d{0,5}[A-Z]?(-\d{1,5}[A-Z]?)?(\s+\d\/\d)?$/i;

/** Street checks: a house number first (or a PO box), then a street name with letters. */
export function streetErrors(street1: string): AddressError[] {
  const street = street1.trim().replace(/\s+/g, ' ');
  if (PO_BOX.test(street)) return [];
  const [first = '', ...rest] = street.split(' ');
  const name = rest.join(' ');
  if (!/\d/.test(first)) {
    // "Main Street" with no number at all, or a number somewhere later ("Main St 5") is missing one in front.
    return [{ code: 'E.HOUSE_NUMBER.MISSING', message: ADDRESS_MESSAGES['E.HOUSE_NUMBER.MISSING'], field: 'street1' }];
  }
  if (!HOUSE_NUMBER.test(first))
    return [{ code: 'E.HOUSE_NUMBER.INVALID', message: ADDRESS_MESSAGES['E.HOUSE_NUMBER.INVALID'], field: 'street1' }];
  if (!/[\p{L}]{2,}/u.test(name) || /[<>{}[\]\\|@$%^*=_~`]/.test(name)) {
    return [{ code: 'E.STREET.INVALID', message: ADDRESS_MESSAGES['E.STREET.INVALID'], field: 'street1' }];
  }
  return [];
}

/** Validates one address; an empty list means valid. Addresses outside the US and Canada are accepted when complete. */
export function validateAddress(input: AddressInput, lookup: PostalLookup): AddressError[] {
  const country = countryCode(input.country);
  if (country !== 'US' && country !== 'CA') return [];
  const key = postalKey(country, input.zip);
  const place = key ? lookup(country, key) : undefined;
  if (!place) return [{ code: 'E.ADDRESS.NOT_FOUND', message: ADDRESS_MESSAGES['E.ADDRESS.NOT_FOUND'], field: 'zip' }];
  const errors: AddressError[] = [];
  if (!sameText(input.city, place.city)) {
    errors.push({
      code: 'E.ADDRESS.INVALID',
      message: ADDRESS_MESSAGES['E.ADDRESS.INVALID'],
      field: 'city',
      suggestion: place.city,
    });
  }
  const state = country === 'CA' ? provinceCode(input.state) : input.state.trim().toUpperCase();
  if (state !== place.state) {
    errors.push({
      code: 'E.ADDRESS.INVALID',
      message: ADDRESS_MESSAGES['E.ADDRESS.INVALID'],
      field: 'state',
      suggestion: place.state,
    });
  }
  return [...errors, ...streetErrors(input.street1)];
}
