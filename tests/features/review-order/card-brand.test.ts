import { describe, expect, it } from 'vitest';
import { cardBrandRule, isAcceptedCard, passesLuhn } from '~/features/review-order/card-brand';

describe('cardBrandRule', () => {
  it('names the accepted brand once the first digits tell it', () => {
    expect(cardBrandRule('4111111111111111')?.brand).toBe('visa');
    expect(cardBrandRule('5555555555554444')?.brand).toBe('mastercard');
    expect(cardBrandRule('2221000000000009')?.brand).toBe('mastercard');
    expect(cardBrandRule('378282246310005')?.brand).toBe('american-express');
    expect(cardBrandRule('6011111111111117')?.brand).toBe('discover');
    expect(cardBrandRule('6759649826438453')?.brand).toBe('maestro');
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
    expect(cardBrandRule('3530111333300000')).toBeNull();
    expect(cardBrandRule('')).toBeNull();
  });
});

describe('card check', () => {
  it('passes numbers with a valid checksum and fails one digit off', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('accepts a complete number of an accepted brand only', () => {
    expect(isAcceptedCard('4000000000000002')).toBe(true);
    expect(isAcceptedCard('378282246310005')).toBe(true);
    expect(isAcceptedCard('411111111111111')).toBe(false);
    expect(isAcceptedCard('3530111333300000')).toBe(false);
    expect(isAcceptedCard('4111-1111')).toBe(false);
  });
});
