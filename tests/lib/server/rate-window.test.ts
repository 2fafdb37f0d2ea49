import { describe, expect, it } from 'vitest';
import { createRateWindow } from '~/lib/server/rate-window';

describe('createRateWindow', () => {
  it('lets a key make `limit` requests per window, then refuses until the next window', () => {
    const window = createRateWindow({ limit: 3, windowMs: 1000 });
    const answers = Array.from({ length: 5 }, () => window.take('203.0.113.9', 10_000));
    expect(answers).toEqual([true, true, true, false, false]);
    expect(window.take('198.51.100.7', 10_500)).toBe(true);
    expect(window.take('203.0.113.9', 10_999)).toBe(false);
    expect(window.take('203.0.113.9', 11_000)).toBe(true);
  });

  it('remembers a bounded number of keys, forgetting the oldest first', () => {
    const window = createRateWindow({ limit: 1, windowMs: 60_000 }, 2);
    expect(window.take('a', 0)).toBe(true);
    expect(window.take('b', 1)).toBe(true);
    expect(window.take('c', 2)).toBe(true);
    expect(window.take('b', 3)).toBe(false);
    expect(window.take('a', 4)).toBe(true);
  });
});
