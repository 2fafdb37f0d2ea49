import { describe, expect, it } from 'vitest';
import { formatOrderDate, parseOrderDate } from '~/lib/i18n/order-date';

describe("order dates (one time zone: the store's)", () => {
  it('reads compact UTC timestamps and ISO dates', () => {
    expect(parseOrderDate('20261122143005')?.toISOString()).toBe('2026-11-22T14:30:05.000Z');
    expect(parseOrderDate('20261122')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseOrderDate(20261122143005)?.toISOString()).toBe('2026-11-22T14:30:05.000Z');
    expect(parseOrderDate('2026-11-22T10:00:00Z')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('refuses impossible days and other text', () => {
    expect(parseOrderDate('20261399')).toBeNull();
    expect(parseOrderDate('20261322153000')).toBeNull();
    expect(parseOrderDate('20260230')).toBeNull();
    expect(parseOrderDate('yesterday')).toBeNull();
    expect(parseOrderDate('')).toBeNull();
    expect(parseOrderDate(null)).toBeNull();
  });

  it('writes the day out in each language', () => {
    expect(formatOrderDate('en', '20261122143005')).toBe('November 22, 2026');
    expect(formatOrderDate('es', '20261122143005')).toBe('22 de noviembre de 2026');
    expect(formatOrderDate('fr', '20261122143005')).toBe('22 novembre 2026');
    expect(formatOrderDate('pt', '20261122143005')).toBe('22 de novembro de 2026');
  });

  it("gives the store's day, not the UTC one: 03:30 UTC is the evening before in Salt Lake City", () => {
    expect(formatOrderDate('en', '20261123033000')).toBe('November 22, 2026');
    expect(formatOrderDate('en', '2026-11-23T03:30:00Z')).toBe('November 22, 2026');
    // Summer time: UTC-6, so 05:59 UTC is still the day before and 06:00 UTC is the same day.
    expect(formatOrderDate('en', '20260701055900')).toBe('June 30, 2026');
    expect(formatOrderDate('en', '20260701060000')).toBe('July 1, 2026');
  });

  it('shows unreadable values as sent and nothing for none', () => {
    expect(formatOrderDate('en', 'garbage')).toBe('garbage');
    expect(formatOrderDate('en', undefined)).toBe('');
  });
});
