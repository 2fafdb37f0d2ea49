import { describe, expect, it } from 'vitest';
import { eventRequestId } from '../../../store-api/rules/analytics.ts';

describe('the request an analytics event is recorded once for', () => {
  it("is the event's own id, in a batch or alone, whatever its call carried", () => {
    expect(eventRequestId({ type: 'page_view', request_id: 'req-1' }, 'call-1', false)).toBe('req-1');
    expect(eventRequestId({ type: 'page_view', request_id: 'req-1' }, 'call-1', true)).toBe('req-1');
  });

  it("is a single event's call id when it names none, and no batched event's", () => {
    expect(eventRequestId({ type: 'purchase' }, 'call-1', true)).toBe('call-1');
    expect(eventRequestId({ type: 'page_view' }, 'call-1', false)).toBeNull();
    expect(eventRequestId({ type: 'purchase' }, undefined, true)).toBeNull();
  });

  it('is none for an id that is no plain token', () => {
    expect(eventRequestId({ type: 'purchase' }, 'a b', true)).toBeNull();
    expect(eventRequestId({ type: 'purchase', request_id: 'x'.repeat(129) }, 'call-1', true)).toBeNull();
  });
});
