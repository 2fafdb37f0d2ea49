import { expect } from './test';

/**
 * An amount as the page shows it in English ("$1,175.365"), in ten-thousandths of a dollar: a
 * unit price or line total may carry fractions of a cent, and integers compare exactly.
 */
export function shownUnits(text: string | null): number {
  const digits = (text ?? '').replace(/[^0-9.]/g, '');
  expect(digits, `"${text}" shows an amount`).toMatch(/^\d+(\.\d{2,4})?$/);
  return Math.round(Number(digits) * 10000);
}
