import { describe, expect, expectTypeOf, it } from 'vitest';
import { isOneOf } from '~/lib/is-one-of';

const COLOURS = ['red', 'green'] as const;

describe('isOneOf', () => {
  it('accepts the listed values and narrows to their union', () => {
    const value: unknown = 'green';
    expect(isOneOf(COLOURS, value)).toBe(true);
    if (isOneOf(COLOURS, value)) expectTypeOf(value).toEqualTypeOf<'red' | 'green'>();
  });

  it('refuses other values, other types and look-alikes', () => {
    expect(isOneOf(COLOURS, 'blue')).toBe(false);
    expect(isOneOf(COLOURS, 'Red')).toBe(false);
    expect(isOneOf(COLOURS, ' red')).toBe(false);
    expect(isOneOf(COLOURS, undefined)).toBe(false);
    expect(isOneOf(COLOURS, null)).toBe(false);
    expect(isOneOf(COLOURS, ['red'])).toBe(false);
    expect(isOneOf(COLOURS, new String('red'))).toBe(false);
  });

  it('compares numbers by value', () => {
    expect(isOneOf([1, 2] as const, 2)).toBe(true);
    expect(isOneOf([1, 2] as const, '2')).toBe(false);
  });
});
