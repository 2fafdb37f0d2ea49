// Only the card-number check: the package index would also ship the expiry, CVV and postal-code parsers.
import { cardNumber } from 'card-validator/dist/card-number';
import luhn10 from 'card-validator/dist/luhn-10';
import creditCardType from 'credit-card-type';

/**
 * Loaded when a shopper chooses to pay by card (card-check.store.ts), not with the page: the
 * libraries are most of review order's own script.
 *
 * The card check of checkout.md §"Card number": which accepted brand a number belongs to, how that
 * brand groups and how long its numbers are, and whether it is a whole number with a valid checksum.
 * Delta is a Visa debit card and Cirrus runs on Mastercard's and Maestro's ranges, so the spec's
 * accepted cards and the footer's icons come to these five brands.
 */
const ACCEPTED_BRANDS = ['visa', 'mastercard', 'maestro', 'american-express', 'discover'] as const;
export type CardBrand = (typeof ACCEPTED_BRANDS)[number];

const isAcceptedBrand = (type: string): type is CardBrand => (ACCEPTED_BRANDS as readonly string[]).includes(type);

// The library knows every network. The ones the store refuses are taken out of its table: a number
// of another network then matches no brand, and an accepted number is never left undecided beside
// one (Discover's 65… overlaps Elo's and Hiper's ranges). Reset first, so a second load is harmless.
creditCardType.resetModifications();
for (const type of Object.values(creditCardType.types)) if (!isAcceptedBrand(type)) creditCardType.removeCard(type);

export interface CardLayout {
  readonly brand: CardBrand;
  /** Where the printed number has a space, as digit positions. */
  readonly gaps: readonly number[];
  readonly lengths: readonly number[];
}

/**
 * The accepted brand a number belongs to, once its first digits tell it apart from every other
 * accepted brand; null while two brands are still possible or when none matches.
 */
export function cardBrandRule(digits: string): CardLayout | null {
  const { card } = cardNumber(digits);
  if (!card || !isAcceptedBrand(card.type)) return null;
  return { brand: card.type, gaps: card.gaps, lengths: card.lengths };
}

/**
 * What is wrong with a typed number (digits only), or null for a card the store takes:
 * - `checksum`: no card has this number (too short, or its check digit is wrong), so it could only
 *   be declined;
 * - `brand`: a possible card number, of no network the store takes (JCB, say);
 * - `length`: of an accepted network, with a length its cards do not have.
 */
export type CardNumberProblem = 'checksum' | 'brand' | 'length';

export function cardNumberProblem(digits: string): CardNumberProblem | null {
  if (!/^\d{12,19}$/.test(digits) || !luhn10(digits)) return 'checksum';
  const rule = cardBrandRule(digits);
  if (!rule) return 'brand';
  return rule.lengths.includes(digits.length) && cardNumber(digits).isValid ? null : 'length';
}

/** A complete number (digits only) of an accepted brand with a valid checksum. */
export function isAcceptedCard(digits: string): boolean {
  return cardNumberProblem(digits) === null;
}

/** The card check as review order uses it once loaded. */
export interface CardRules {
  cardBrandRule: typeof cardBrandRule;
  cardNumberProblem: typeof cardNumberProblem;
  isAcceptedCard: typeof isAcceptedCard;
}
