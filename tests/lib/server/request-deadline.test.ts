import { describe, expect, it } from 'vitest';
import { callWaitMs, deadlineAfter } from '~/lib/server/request-deadline';

describe('callWaitMs', () => {
  const deadline = deadlineAfter(3000, 10_000);

  it("gives each call what is left of its request's time, never more than its own limit", () => {
    expect(callWaitMs(5000, deadline, 10_000)).toBe(3000);
    expect(callWaitMs(5000, deadline, 12_500)).toBe(500);
    expect(callWaitMs(200, deadline, 10_000)).toBe(200);
  });

  it('leaves nothing once the deadline has passed, or too little for an answer to come', () => {
    expect(callWaitMs(5000, deadline, 12_990)).toBe(0);
    expect(callWaitMs(5000, deadline, 13_000)).toBe(0);
    expect(callWaitMs(5000, deadline, 20_000)).toBe(0);
  });

  it('is the call limit outside a request', () => {
    expect(callWaitMs(5000, undefined, 10_000)).toBe(5000);
  });
});
