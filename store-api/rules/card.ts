/**
 * The simulated card processor (spec checkout §5, §8): a card must pass the Luhn check and not be
 * expired; documented test numbers decide the outcome.
 */
/** @public The documented approved card: any valid number but the declined one is approved, so no code compares with it. */
export const APPROVED_TEST_CARD = '4111111111111111';
export const DECLINED_TEST_CARD = '4000000000000002';
export const DECLINED_MESSAGE = 'This transaction has been declined.';

export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  cardNumber: string;
  csv: string;
  exp_month: number;
  exp_year: number;
}

export type CardProblem = { field: 'csv' | 'exp_month' | 'exp_year'; message: string };

/** Malformed fields the shopper must correct (answered 400 naming the field). */
export function cardFieldProblem(card: CardInput, today: Date): CardProblem | null {
  if (!/^\d{3,5}$/.test(card.csv.trim())) return { field: 'csv', message: 'csv: 3 to 5 digits' };
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12)
    return { field: 'exp_month', message: 'exp_month: 1 to 12' };
  const year = today.getUTCFullYear();
  if (!Number.isInteger(card.exp_year) || card.exp_year < year || card.exp_year > year + 10)
    return { field: 'exp_year', message: `exp_year: ${year} to ${year + 10}` };
  return null;
}

/** Whether the processor approves: a Luhn-valid, unexpired card other than the declining test number. */
export function cardApproved(card: CardInput, today: Date): boolean {
  const digits = cardDigits(card.cardNumber);
  if (digits === DECLINED_TEST_CARD || !passesLuhn(digits)) return false;
  const expired =
    card.exp_year < today.getUTCFullYear() ||
    (card.exp_year === today.getUTCFullYear() && card.exp_month < today.getUTCMonth() + 1);
  return !expired;
}
