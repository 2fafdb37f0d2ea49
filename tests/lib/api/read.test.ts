import { describe, expect, it } from 'vitest';
import { isFields, readAmount, readList, readText, readTexts } from '~/lib/api/read';

describe('API answer readers', () => {
  it('reads text and numbers as text, everything else as empty', () => {
    expect(readText('Main St')).toBe('Main St');
    expect(readText(42)).toBe('42');
    expect([null, undefined, {}, [], true, Number.NaN].map(readText)).toEqual(['', '', '', '', '', '']);
  });

  it('reads amounts from numbers and numeric text, else 0', () => {
    expect(readAmount(12.5)).toBe(12.5);
    expect(readAmount('7.25')).toBe(7.25);
    expect([null, undefined, 'abc', {}, Number.POSITIVE_INFINITY].map(readAmount)).toEqual([0, 0, 0, 0, 0]);
  });

  it('reads lists of objects and refuses what is not a list', () => {
    expect(readList([{ a: 1 }, 'x', null, { a: 2 }], (entry) => entry['a'])).toEqual([1, 2]);
    expect(readList({ a: 1 }, (entry) => entry)).toBeNull();
  });

  it('tells objects from lists and null', () => {
    expect(isFields({})).toBe(true);
    expect(isFields([])).toBe(false);
    expect(isFields(null)).toBe(false);
  });

  it('reads named fields as text', () => {
    expect(readTexts({ city: 'Reno', zip: 89501, extra: true }, ['city', 'zip', 'state'] as const)).toEqual({
      city: 'Reno',
      zip: '89501',
      state: '',
    });
  });
});
