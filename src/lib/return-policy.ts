/** The shop's return policy (shopping.md, "return policy"): the footer, the return policy page and its JSON-LD state these. */
export const RETURN_WINDOW_DAYS = 30;
export const RESTOCKING_FEE_PERCENT = 20;
/** The checkout's default country; the shop states no other return region. */
export const RETURN_COUNTRY = 'US';

/** The stated terms, in the order the page lists them (locales: returnPolicy.<term>). */
export const RETURN_POLICY_TERMS = [
  'electrical',
  'window',
  'restocking',
  'specialOrder',
  'after30',
  'exchange',
] as const;
