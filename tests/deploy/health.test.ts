import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHealth } from '../../deploy/health.mjs';

function probe(handle: ReturnType<typeof createHealth>, url: string) {
  return new Promise<{ handled: boolean; status?: number; headers?: Record<string, unknown>; body?: string }>(
    (resolve) => {
      const seen: { status?: number; headers?: Record<string, unknown> } = {};
      const res = {
        writeHead(status: number, headers: Record<string, unknown>) {
          seen.status = status;
          seen.headers = headers;
        },
        end(body: string) {
          resolve({ handled: true, ...seen, body });
        },
      } as unknown as ServerResponse;
      if (!handle({ url, method: 'GET' } as IncomingMessage, res)) resolve({ handled: false });
    },
  );
}

const answering =
  (ok: boolean): typeof fetch =>
  () =>
    Promise.resolve(new Response('', { status: ok ? 200 : 500 }));
const counting =
  (count: { asked: number }): typeof fetch =>
  () => {
    count.asked += 1;
    return Promise.resolve(new Response(''));
  };

describe('createHealth', () => {
  it('answers liveness without asking the store API, with no cookie and no caching', async () => {
    const count = { asked: 0 };
    const health = createHealth({ storeApiUrl: 'http://api.test/', isDraining: () => false, fetch: counting(count) });
    const answer = await probe(health, '/healthz');
    expect(answer).toMatchObject({ handled: true, status: 200 });
    expect(answer.headers).toMatchObject({ 'Cache-Control': 'no-store' });
    expect(answer.headers).not.toHaveProperty('Set-Cookie');
    expect(count.asked).toBe(0);
  });

  it('is ready when the store API answers, not when it fails or while draining', async () => {
    expect(
      (
        await probe(
          createHealth({ storeApiUrl: 'http://api.test/', isDraining: () => false, fetch: answering(true) }),
          '/readyz',
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await probe(
          createHealth({ storeApiUrl: 'http://api.test/', isDraining: () => false, fetch: answering(false) }),
          '/readyz',
        )
      ).status,
    ).toBe(503);
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    expect(
      (
        await probe(
          createHealth({ storeApiUrl: 'http://api.test/', isDraining: () => false, fetch: refused }),
          '/readyz',
        )
      ).status,
    ).toBe(503);
    expect(
      (
        await probe(
          createHealth({ storeApiUrl: 'http://api.test/', isDraining: () => true, fetch: answering(true) }),
          '/readyz',
        )
      ).status,
    ).toBe(503);
  });

  it('asks the store API once for probes close together', async () => {
    const count = { asked: 0 };
    const health = createHealth({
      storeApiUrl: 'http://api.test/',
      isDraining: () => false,
      now: () => 1000,
      fetch: counting(count),
    });
    await probe(health, '/readyz');
    await probe(health, '/readyz?probe=2');
    expect(count.asked).toBe(1);
  });

  it('leaves every other path to the site', async () => {
    const health = createHealth({ storeApiUrl: 'http://api.test/', isDraining: () => false, fetch: answering(true) });
    expect((await probe(health, '/healthz/extra')).handled).toBe(false);
    expect((await probe(health, '/')).handled).toBe(false);
  });
});
