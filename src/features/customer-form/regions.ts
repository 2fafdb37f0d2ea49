import type { SelectOption } from '~/components/ui/Field';

/** US states, the District of Columbia and the inhabited territories. */
export const US_STATES: readonly SelectOption[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
  ['UM', 'U.S. Minor Outlying Islands'],
  ['FM', 'Federated States of Micronesia'],
  ['MH', 'Marshall Islands'],
  ['PW', 'Palau'],
].map(([value, label]) => ({ value: value!, label: label! }));

/** Military post codes used in place of a state. */
export const ARMED_FORCES: readonly SelectOption[] = [
  ['AA', 'Armed Forces Americas'],
  ['AE', 'Armed Forces Europe, Middle East, Africa and Canada'],
  ['AP', 'Armed Forces Pacific'],
].map(([value, label]) => ({ value: value!, label: label! }));

export const CA_PROVINCES: readonly SelectOption[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
].map(([value, label]) => ({ value: value!, label: label! }));

/** The state select's value for a region outside the fixed lists. */
export const OTHER_REGION = 'other';

/** The fixed region list of a country, or null where the region is free text. */
export function regionsOf(countryCode: string): readonly SelectOption[] | null {
  if (countryCode === 'US') return [...US_STATES, ...ARMED_FORCES];
  if (countryCode === 'CA') return CA_PROVINCES;
  return null;
}
