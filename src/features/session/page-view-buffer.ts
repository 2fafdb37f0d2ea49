/**
 * Page views wait here and go to the analytics sink in batches, off the request path: a page never
 * waits on the sink, and a burst of pages makes one upstream write per batch, not one per page.
 * The queue is bounded: when the sink is slow or down, views beyond it are dropped, not piled up.
 */
export interface PageViewBufferOptions<T> {
  send: (batch: T[]) => Promise<unknown>;
  /** Views kept waiting at most; more are dropped. */
  maxQueue: number;
  /** Views in one upstream call at most. */
  batchSize: number;
  /** How long a view waits for others before its batch goes. */
  flushMs: number;
}

export function createPageViewBuffer<T>(options: PageViewBufferOptions<T>) {
  const queue: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let dropped = 0;

  const schedule = () => {
    if (timer !== null || inFlight !== null || queue.length === 0) return;
    timer = setTimeout(() => void flush(), options.flushMs);
    // A waiting batch never keeps the process alive on its own.
    timer.unref?.();
  };

  const send = async (batch: T[]): Promise<void> => {
    try {
      await options.send(batch);
    } catch {
      // Analytics is best effort: a lost batch is not retried.
    } finally {
      inFlight = null;
      schedule();
    }
  };

  /** Sends one batch now, or waits for the one on its way. */
  const flush = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (inFlight !== null) return inFlight;
    if (queue.length === 0) return Promise.resolve();
    inFlight = send(queue.splice(0, options.batchSize));
    return inFlight;
  };

  return {
    add(view: T): void {
      if (queue.length >= options.maxQueue) {
        dropped += 1;
        return;
      }
      queue.push(view);
      if (queue.length >= options.batchSize) void flush();
      else schedule();
    },
    flush,
    /** Sends every view queued, batch by batch: the instance is about to exit. */
    async flushAll(): Promise<void> {
      while (queue.length > 0 || inFlight !== null) await flush();
    },
    get pending(): number {
      return queue.length;
    },
    get dropped(): number {
      return dropped;
    },
  };
}
