/**
 * The card check of checkout.md §"Card number": which accepted brand a number belongs to, how that
 * brand groups and how long its numbers are, and the Luhn checksum. Only the brands the store takes
 * are listed (a general card library ships every network's prefix table, about 2 KB gzipped, to a
 * page whose budget is full); a number of any other network matches none of them.
 */
export type CardBrand = 'visa' | 'mastercard' | 'maestro' | 'american-express' | 'discover';

type Prefix = number | readonly [number, number];

interface BrandRule {
  brand: CardBrand;
  prefixes: readonly Prefix[];
  gaps: readonly number[];
  lengths: readonly number[];
}

const FOUR_FOUR_FOUR = [4, 8, 12] as const;

// Prefix ranges as the networks publish them (the same table card issuers' libraries use).
const RULES: readonly BrandRule[] = [
  { brand: 'visa', prefixes: [4], gaps: FOUR_FOUR_FOUR, lengths: [16, 18, 19] },
  {
    brand: 'mastercard',
    prefixes: [[51, 55], [2221, 2229], [223, 229], [23, 26], [270, 271], 2720],
    gaps: FOUR_FOUR_FOUR,
    lengths: [16],
  },
  { brand: 'american-express', prefixes: [34, 37], gaps: [4, 10], lengths: [15] },
  { brand: 'discover', prefixes: [6011, [644, 649], 65], gaps: FOUR_FOUR_FOUR, lengths: [16, 19] },
  {
    brand: 'maestro',
    prefixes: [493698, [500000, 504174], [504176, 506698], [506779, 508999], [56, 59], 63, 67, 6],
    gaps: FOUR_FOUR_FOUR,
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
  },
];

/** How many leading digits of `digits` a prefix claims (0: no match, or not enough digits yet to tell). */
function prefixStrength(digits: string, prefix: Prefix): number | 'partial' {
  const [low, high] = typeof prefix === 'number' ? [prefix, prefix] : prefix;
  const width = String(low).length;
  if (digits.length < width) {
    // Too short to tell: still possible while the typed digits lie within the range's prefixes.
    const typed = Number(digits);
    const lowHead = Number(String(low).slice(0, digits.length));
    const highHead = Number(String(high).slice(0, digits.length));
    return typed >= lowHead && typed <= highHead ? 'partial' : 0;
  }
  const head = Number(digits.slice(0, width));
  return head >= low && head <= high ? width : 0;
}

/**
 * The brand rule a number belongs to, once its first digits tell it apart from every other
 * accepted brand; null while two brands are still possible or when none matches.
 */
export function cardBrandRule(digits: string): BrandRule | null {
  if (digits === '') return null;
  let best: { rule: BrandRule; strength: number } | null = null;
  let undecided = false;
  for (const rule of RULES) {
    let strength: number | 'partial' = 0;
    for (const prefix of rule.prefixes) {
      strength = prefixStrength(digits, prefix);
      if (strength !== 0) break;
    }
    if (strength === 'partial') undecided = true;
    else if (strength > 0 && (!best || strength > best.strength)) best = { rule, strength };
  }
  return undecided ? null : (best?.rule ?? null);
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A complete number of an accepted brand with a valid checksum. */
export function isAcceptedCard(digits: string): boolean {
  const rule = /^\d+$/.test(digits) ? cardBrandRule(digits) : null;
  return rule !== null && rule.lengths.includes(digits.length) && passesLuhn(digits);
}
