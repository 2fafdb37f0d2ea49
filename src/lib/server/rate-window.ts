/** How many requests a key may make in one window. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts requests per key (a visitor's address) in fixed windows and says whether one more is
 * within the rule. At most `maxKeys` keys are remembered, the oldest window forgotten first, so a
 * flood of invented keys costs bounded memory (a forgotten key starts again at zero).
 */
export function createRateWindow(rule: RateRule, maxKeys = 10_000) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key: string, now: number): boolean {
      let window = windows.get(key);
      if (!window || now - window.start >= rule.windowMs) {
        windows.delete(key);
        window = { start: now, count: 0 };
        windows.set(key, window);
        for (const oldest of windows.keys()) {
          if (windows.size <= maxKeys) break;
          windows.delete(oldest);
        }
      }
      window.count += 1;
      return window.count <= rule.limit;
    },
  };
}
