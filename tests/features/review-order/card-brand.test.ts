import { describe, expect, it } from 'vitest';
import { cardBrandRule, cardNumberProblem, isAcceptedCard } from '~/features/review-order/card-brand';

describe('cardBrandRule', () => {
  it('names the accepted brand once the first digits tell it', () => {
    expect(cardBrandRule('4111111111111111')?.brand).toBe('visa');
    // Delta, a Visa debit card.
    expect(cardBrandRule('4506000000000000')?.brand).toBe('visa');
    expect(cardBrandRule('5555555555554444')?.brand).toBe('mastercard');
    expect(cardBrandRule('2221000000000009')?.brand).toBe('mastercard');
    expect(cardBrandRule('378282246310005')?.brand).toBe('american-express');
    expect(cardBrandRule('6011111111111117')?.brand).toBe('discover');
    expect(cardBrandRule('6759649826438453')?.brand).toBe('maestro');
  });

  it('says how the brand prints and how long its numbers are', () => {
    expect(cardBrandRule('378282246310005')).toEqual({ brand: 'american-express', gaps: [4, 10], lengths: [15] });
    expect(cardBrandRule('4111')).toEqual({ brand: 'visa', gaps: [4, 8, 12], lengths: [16, 18, 19] });
  });

  it('waits while two accepted brands are still possible', () => {
    // 4… is Visa, unless it grows into Maestro's 493698.
    expect(cardBrandRule('4')).toBeNull();
    expect(cardBrandRule('41')?.brand).toBe('visa');
    // 6… may be Discover or Maestro until the fourth digit.
    expect(cardBrandRule('601')).toBeNull();
    expect(cardBrandRule('6011')?.brand).toBe('discover');
  });

  it('names no brand for a network the store does not take', () => {
    // JCB, Diners Club, Mir.
    expect(cardBrandRule('3530111333300000')).toBeNull();
    expect(cardBrandRule('30569309025904')).toBeNull();
    expect(cardBrandRule('2200000000000004')).toBeNull();
    expect(cardBrandRule('')).toBeNull();
  });

  it('is not held undecided by a refused network whose range overlaps an accepted one', () => {
    // 650031… is Elo's as well as Discover's.
    expect(cardBrandRule('6500310000000000')?.brand).toBe('discover');
  });
});

describe('isAcceptedCard', () => {
  it('accepts a complete number of an accepted brand with a valid checksum', () => {
    expect(isAcceptedCard('4111111111111111')).toBe(true);
    expect(isAcceptedCard('4000000000000002')).toBe(true);
    expect(isAcceptedCard('378282246310005')).toBe(true);
    expect(isAcceptedCard('5555555555554444')).toBe(true);
    expect(isAcceptedCard('6011111111111117')).toBe(true);
  });

  it('refuses one digit off, a number cut short, another network and anything but digits', () => {
    expect(isAcceptedCard('4111111111111112')).toBe(false);
    expect(isAcceptedCard('411111111111111')).toBe(false);
    expect(isAcceptedCard('3530111333300000')).toBe(false);
    expect(isAcceptedCard('4111-1111-1111-1111')).toBe(false);
    expect(isAcceptedCard('')).toBe(false);
  });
});

describe('cardNumberProblem', () => {
  it('names a number no card has (a wrong check digit, too short, not digits), which could only be declined', () => {
    expect(cardNumberProblem('4111111111111112')).toBe('checksum');
    expect(cardNumberProblem('41111111111')).toBe('checksum');
    expect(cardNumberProblem('4111-1111-1111-1111')).toBe('checksum');
    expect(cardNumberProblem('')).toBe('checksum');
  });

  it('names a possible number of a network the store does not take', () => {
    // JCB's test number: a valid checksum, a network the store does not list.
    expect(cardNumberProblem('3566002020360505')).toBe('brand');
  });

  it('names an accepted network with a length its cards do not have', () => {
    // Visa's 4…, checksum valid, 14 digits: Visa cards have 13, 16 or 19.
    expect(cardNumberProblem('41111111111114')).toBe('length');
  });

  it('finds nothing wrong with a card the store takes', () => {
    expect(cardNumberProblem('4111111111111111')).toBeNull();
    expect(cardNumberProblem('378282246310005')).toBeNull();
  });
});
