import { roundCents } from './basket.ts';

/**
 * Sales tax of the reference API: the base state rate on the subtotal for US destinations,
 * nothing abroad (duties are the buyer's, spec checkout §9). Shipping is not taxed.
 */
const STATE_RATES: Readonly<Record<string, number>> = {
  AL: 0.04,
  AK: 0,
  AZ: 0.056,
  AR: 0.065,
  CA: 0.0725,
  CO: 0.029,
  CT: 0.0635,
  DE: 0,
  DC: 0.06,
  FL: 0.06,
  GA: 0.04,
  HI: 0.04,
  ID: 0.06,
  IL: 0.0625,
  IN: 0.07,
  IA: 0.06,
  KS: 0.065,
  KY: 0.06,
  LA: 0.0445,
  ME: 0.055,
  MD: 0.06,
  MA: 0.0625,
  MI: 0.06,
  MN: 0.06875,
  MS: 0.07,
  MO: 0.04225,
  MT: 0,
  NE: 0.055,
  NV: 0.0685,
  NH: 0,
  NJ: 0.06625,
  NM: 0.04875,
  NY: 0.04,
  NC: 0.0475,
  ND: 0.05,
  OH: 0.0575,
  OK: 0.045,
  OR: 0,
  PA: 0.06,
  RI: 0.07,
  SC: 0.06,
  SD: 0.042,
  TN: 0.07,
  TX: 0.0625,
  UT: 0.061,
  VT: 0.06,
  VA: 0.053,
  WA: 0.065,
  WV: 0.06,
  WI: 0.05,
  WY: 0.04,
  PR: 0.105,
};

export function taxRate(country: string, state: string): number {
  if (country.toUpperCase() !== 'US') return 0;
  return STATE_RATES[state.trim().toUpperCase()] ?? 0;
}

export function salesTax(country: string, state: string, subtotal: number): number {
  return roundCents(subtotal * taxRate(country, state));
}
