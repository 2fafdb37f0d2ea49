import { describe, expect, it, vi } from 'vitest';
import { createPageViewBuffer } from '~/features/session/page-view-buffer';
import { withoutQuery } from '~/features/session/page-view.server';

describe('page view buffer', () => {
  it('sends full batches at once and the rest after the wait, one call per batch', async () => {
    vi.useFakeTimers();
    try {
      const sent: number[][] = [];
      const buffer = createPageViewBuffer<number>({
        send: (batch) => Promise.resolve(sent.push(batch)),
        maxQueue: 100,
        batchSize: 3,
        flushMs: 1000,
      });
      for (let view = 1; view <= 4; view += 1) buffer.add(view);
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toEqual([[1, 2, 3]]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toEqual([[1, 2, 3], [4]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends every queued view when the instance drains, waiting for the batch on its way', async () => {
    const sent: number[][] = [];
    let release: () => void = () => undefined;
    const buffer = createPageViewBuffer<number>({
      send: (batch) => {
        sent.push(batch);
        return sent.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      maxQueue: 100,
      batchSize: 2,
      flushMs: 60_000,
    });
    for (let view = 1; view <= 5; view += 1) buffer.add(view);
    const drained = buffer.flushAll();
    release();
    await drained;
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
    expect(buffer.pending).toBe(0);
  });

  it('drops views beyond the queue bound while the sink hangs, and never rejects', async () => {
    let release: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const buffer = createPageViewBuffer<number>({ send, maxQueue: 5, batchSize: 2, flushMs: 10 });
    for (let view = 0; view < 20; view += 1) buffer.add(view);
    expect(send).toHaveBeenCalledTimes(1);
    expect(buffer.pending).toBe(5);
    expect(buffer.dropped).toBe(13);
    release();
    const failing = createPageViewBuffer<number>({
      send: () => Promise.reject(new Error('down')),
      maxQueue: 5,
      batchSize: 1,
      flushMs: 10,
    });
    failing.add(1);
    await expect(failing.flush()).resolves.toBeUndefined();
  });

  it('keeps no query string or fragment of an address', () => {
    expect(withoutQuery('https://mail.example/read?token=abc#x')).toBe('https://mail.example/read');
    expect(withoutQuery('/order-info/')).toBe('/order-info/');
  });
});
